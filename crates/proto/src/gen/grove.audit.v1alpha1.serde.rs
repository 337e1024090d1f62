impl serde::Serialize for AuditEntry {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("grove.audit.v1alpha1.AuditEntry", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("eventId", &self.event_id)?;
        }
        if let Some(v) = self.time.as_ref() {
            struct_ser.serialize_field("time", v)?;
        }
        if true {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        if true {
            struct_ser.serialize_field("subject", &self.subject)?;
        }
        if true {
            struct_ser.serialize_field("group", &self.group)?;
        }
        if true {
            struct_ser.serialize_field("actor", &self.actor)?;
        }
        if true {
            struct_ser.serialize_field("actorProvider", &self.actor_provider)?;
        }
        if true {
            struct_ser.serialize_field("requestId", &self.request_id)?;
        }
        if true {
            struct_ser.serialize_field("transport", &self.transport)?;
        }
        if true {
            struct_ser.serialize_field("data", &self.data)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AuditEntry {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "event_id",
            "eventId",
            "time",
            "type",
            "subject",
            "group",
            "actor",
            "actor_provider",
            "actorProvider",
            "request_id",
            "requestId",
            "transport",
            "data",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            EventId,
            Time,
            Type,
            Subject,
            Group,
            Actor,
            ActorProvider,
            RequestId,
            Transport,
            Data,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "uid" => Ok(GeneratedField::Uid),
                            "eventId" | "event_id" => Ok(GeneratedField::EventId),
                            "time" => Ok(GeneratedField::Time),
                            "type" => Ok(GeneratedField::Type),
                            "subject" => Ok(GeneratedField::Subject),
                            "group" => Ok(GeneratedField::Group),
                            "actor" => Ok(GeneratedField::Actor),
                            "actorProvider" | "actor_provider" => Ok(GeneratedField::ActorProvider),
                            "requestId" | "request_id" => Ok(GeneratedField::RequestId),
                            "transport" => Ok(GeneratedField::Transport),
                            "data" => Ok(GeneratedField::Data),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AuditEntry;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.audit.v1alpha1.AuditEntry")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AuditEntry, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut event_id__ = None;
                let mut time__ = None;
                let mut r#type__ = None;
                let mut subject__ = None;
                let mut group__ = None;
                let mut actor__ = None;
                let mut actor_provider__ = None;
                let mut request_id__ = None;
                let mut transport__ = None;
                let mut data__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventId => {
                            if event_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventId"));
                            }
                            event_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Time => {
                            if time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("time"));
                            }
                            time__ = map_.next_value()?;
                        }
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subject => {
                            if subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            subject__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Actor => {
                            if actor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("actor"));
                            }
                            actor__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ActorProvider => {
                            if actor_provider__.is_some() {
                                return Err(serde::de::Error::duplicate_field("actorProvider"));
                            }
                            actor_provider__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RequestId => {
                            if request_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("requestId"));
                            }
                            request_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Transport => {
                            if transport__.is_some() {
                                return Err(serde::de::Error::duplicate_field("transport"));
                            }
                            transport__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Data => {
                            if data__.is_some() {
                                return Err(serde::de::Error::duplicate_field("data"));
                            }
                            data__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AuditEntry {
                    uid: uid__.unwrap_or_default(),
                    event_id: event_id__.unwrap_or_default(),
                    time: time__,
                    r#type: r#type__.unwrap_or_default(),
                    subject: subject__.unwrap_or_default(),
                    group: group__.unwrap_or_default(),
                    actor: actor__.unwrap_or_default(),
                    actor_provider: actor_provider__.unwrap_or_default(),
                    request_id: request_id__.unwrap_or_default(),
                    transport: transport__.unwrap_or_default(),
                    data: data__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.audit.v1alpha1.AuditEntry", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AuditUidpFilter {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("grove.audit.v1alpha1.AuditUidpFilter", len)?;
        if true {
            struct_ser.serialize_field("descendantsOf", &self.descendants_of)?;
        }
        if true {
            struct_ser.serialize_field("childrenOf", &self.children_of)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AuditUidpFilter {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "descendants_of",
            "descendantsOf",
            "children_of",
            "childrenOf",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            DescendantsOf,
            ChildrenOf,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "descendantsOf" | "descendants_of" => Ok(GeneratedField::DescendantsOf),
                            "childrenOf" | "children_of" => Ok(GeneratedField::ChildrenOf),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AuditUidpFilter;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.audit.v1alpha1.AuditUidpFilter")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AuditUidpFilter, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut descendants_of__ = None;
                let mut children_of__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::DescendantsOf => {
                            if descendants_of__.is_some() {
                                return Err(serde::de::Error::duplicate_field("descendantsOf"));
                            }
                            descendants_of__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ChildrenOf => {
                            if children_of__.is_some() {
                                return Err(serde::de::Error::duplicate_field("childrenOf"));
                            }
                            children_of__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AuditUidpFilter {
                    descendants_of: descendants_of__.unwrap_or_default(),
                    children_of: children_of__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.audit.v1alpha1.AuditUidpFilter", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAuditEntriesRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("grove.audit.v1alpha1.ListAuditEntriesRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("actor", &self.actor)?;
        }
        if true {
            struct_ser.serialize_field("type", &self.r#type)?;
        }
        if let Some(v) = self.since.as_ref() {
            struct_ser.serialize_field("since", v)?;
        }
        if let Some(v) = self.until.as_ref() {
            struct_ser.serialize_field("until", v)?;
        }
        if true {
            struct_ser.serialize_field("pageSize", &self.page_size)?;
        }
        if true {
            struct_ser.serialize_field("pageToken", &self.page_token)?;
        }
        if true {
            struct_ser.serialize_field("orderBy", &self.order_by)?;
        }
        if true {
            struct_ser.serialize_field("skip", &self.skip)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAuditEntriesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "actor",
            "type",
            "since",
            "until",
            "page_size",
            "pageSize",
            "page_token",
            "pageToken",
            "order_by",
            "orderBy",
            "skip",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uidp,
            Actor,
            Type,
            Since,
            Until,
            PageSize,
            PageToken,
            OrderBy,
            Skip,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "uidp" => Ok(GeneratedField::Uidp),
                            "actor" => Ok(GeneratedField::Actor),
                            "type" => Ok(GeneratedField::Type),
                            "since" => Ok(GeneratedField::Since),
                            "until" => Ok(GeneratedField::Until),
                            "pageSize" | "page_size" => Ok(GeneratedField::PageSize),
                            "pageToken" | "page_token" => Ok(GeneratedField::PageToken),
                            "orderBy" | "order_by" => Ok(GeneratedField::OrderBy),
                            "skip" => Ok(GeneratedField::Skip),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAuditEntriesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.audit.v1alpha1.ListAuditEntriesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAuditEntriesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut actor__ = None;
                let mut r#type__ = None;
                let mut since__ = None;
                let mut until__ = None;
                let mut page_size__ = None;
                let mut page_token__ = None;
                let mut order_by__ = None;
                let mut skip__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uidp => {
                            if uidp__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uidp"));
                            }
                            uidp__ = map_.next_value()?;
                        }
                        GeneratedField::Actor => {
                            if actor__.is_some() {
                                return Err(serde::de::Error::duplicate_field("actor"));
                            }
                            actor__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Since => {
                            if since__.is_some() {
                                return Err(serde::de::Error::duplicate_field("since"));
                            }
                            since__ = map_.next_value()?;
                        }
                        GeneratedField::Until => {
                            if until__.is_some() {
                                return Err(serde::de::Error::duplicate_field("until"));
                            }
                            until__ = map_.next_value()?;
                        }
                        GeneratedField::PageSize => {
                            if page_size__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pageSize"));
                            }
                            page_size__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::PageToken => {
                            if page_token__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pageToken"));
                            }
                            page_token__ = Some(map_.next_value()?);
                        }
                        GeneratedField::OrderBy => {
                            if order_by__.is_some() {
                                return Err(serde::de::Error::duplicate_field("orderBy"));
                            }
                            order_by__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Skip => {
                            if skip__.is_some() {
                                return Err(serde::de::Error::duplicate_field("skip"));
                            }
                            skip__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(ListAuditEntriesRequest {
                    uidp: uidp__,
                    actor: actor__.unwrap_or_default(),
                    r#type: r#type__.unwrap_or_default(),
                    since: since__,
                    until: until__,
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.audit.v1alpha1.ListAuditEntriesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAuditEntriesResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("grove.audit.v1alpha1.ListAuditEntriesResponse", len)?;
        if true {
            struct_ser.serialize_field("entries", &self.entries)?;
        }
        if true {
            struct_ser.serialize_field("nextPageToken", &self.next_page_token)?;
        }
        if let Some(v) = self.total_count.as_ref() {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("totalCount", ToString::to_string(&v).as_str())?;
        }
        if true {
            struct_ser.serialize_field("skipped", &self.skipped)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAuditEntriesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "entries",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Entries,
            NextPageToken,
            TotalCount,
            Skipped,
        }
        impl<'de> serde::Deserialize<'de> for GeneratedField {
            fn deserialize<D>(deserializer: D) -> std::result::Result<GeneratedField, D::Error>
            where
                D: serde::Deserializer<'de>,
            {
                struct GeneratedVisitor;

                impl serde::de::Visitor<'_> for GeneratedVisitor {
                    type Value = GeneratedField;

                    fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                        write!(formatter, "expected one of: {:?}", &FIELDS)
                    }

                    #[allow(unused_variables)]
                    fn visit_str<E>(self, value: &str) -> std::result::Result<GeneratedField, E>
                    where
                        E: serde::de::Error,
                    {
                        match value {
                            "entries" => Ok(GeneratedField::Entries),
                            "nextPageToken" | "next_page_token" => Ok(GeneratedField::NextPageToken),
                            "totalCount" | "total_count" => Ok(GeneratedField::TotalCount),
                            "skipped" => Ok(GeneratedField::Skipped),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAuditEntriesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.audit.v1alpha1.ListAuditEntriesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAuditEntriesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut entries__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Entries => {
                            if entries__.is_some() {
                                return Err(serde::de::Error::duplicate_field("entries"));
                            }
                            entries__ = Some(map_.next_value()?);
                        }
                        GeneratedField::NextPageToken => {
                            if next_page_token__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nextPageToken"));
                            }
                            next_page_token__ = Some(map_.next_value()?);
                        }
                        GeneratedField::TotalCount => {
                            if total_count__.is_some() {
                                return Err(serde::de::Error::duplicate_field("totalCount"));
                            }
                            total_count__ = 
                                map_.next_value::<::std::option::Option<::pbjson::private::NumberDeserialize<_>>>()?.map(|x| x.0)
                            ;
                        }
                        GeneratedField::Skipped => {
                            if skipped__.is_some() {
                                return Err(serde::de::Error::duplicate_field("skipped"));
                            }
                            skipped__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                    }
                }
                Ok(ListAuditEntriesResponse {
                    entries: entries__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.audit.v1alpha1.ListAuditEntriesResponse", FIELDS, GeneratedVisitor)
    }
}
