impl serde::Serialize for DeadLetter {
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
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("grove.events.v1alpha1.DeadLetter", len)?;
        if true {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if true {
            struct_ser.serialize_field("subscription", &self.subscription)?;
        }
        if true {
            struct_ser.serialize_field("sink", &self.sink)?;
        }
        if true {
            struct_ser.serialize_field("eventId", &self.event_id)?;
        }
        if true {
            struct_ser.serialize_field("eventType", &self.event_type)?;
        }
        if true {
            struct_ser.serialize_field("eventSubject", &self.event_subject)?;
        }
        if true {
            struct_ser.serialize_field("eventGroup", &self.event_group)?;
        }
        if let Some(v) = self.event_time.as_ref() {
            struct_ser.serialize_field("eventTime", v)?;
        }
        if true {
            struct_ser.serialize_field("attempts", &self.attempts)?;
        }
        if true {
            struct_ser.serialize_field("reason", &self.reason)?;
        }
        if let Some(v) = self.failed_time.as_ref() {
            struct_ser.serialize_field("failedTime", v)?;
        }
        if true {
            struct_ser.serialize_field("data", &self.data)?;
        }
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeadLetter {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "subscription",
            "sink",
            "event_id",
            "eventId",
            "event_type",
            "eventType",
            "event_subject",
            "eventSubject",
            "event_group",
            "eventGroup",
            "event_time",
            "eventTime",
            "attempts",
            "reason",
            "failed_time",
            "failedTime",
            "data",
            "uid",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Subscription,
            Sink,
            EventId,
            EventType,
            EventSubject,
            EventGroup,
            EventTime,
            Attempts,
            Reason,
            FailedTime,
            Data,
            Uid,
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
                            "id" => Ok(GeneratedField::Id),
                            "subscription" => Ok(GeneratedField::Subscription),
                            "sink" => Ok(GeneratedField::Sink),
                            "eventId" | "event_id" => Ok(GeneratedField::EventId),
                            "eventType" | "event_type" => Ok(GeneratedField::EventType),
                            "eventSubject" | "event_subject" => Ok(GeneratedField::EventSubject),
                            "eventGroup" | "event_group" => Ok(GeneratedField::EventGroup),
                            "eventTime" | "event_time" => Ok(GeneratedField::EventTime),
                            "attempts" => Ok(GeneratedField::Attempts),
                            "reason" => Ok(GeneratedField::Reason),
                            "failedTime" | "failed_time" => Ok(GeneratedField::FailedTime),
                            "data" => Ok(GeneratedField::Data),
                            "uid" => Ok(GeneratedField::Uid),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeadLetter;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.events.v1alpha1.DeadLetter")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeadLetter, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut subscription__ = None;
                let mut sink__ = None;
                let mut event_id__ = None;
                let mut event_type__ = None;
                let mut event_subject__ = None;
                let mut event_group__ = None;
                let mut event_time__ = None;
                let mut attempts__ = None;
                let mut reason__ = None;
                let mut failed_time__ = None;
                let mut data__ = None;
                let mut uid__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subscription => {
                            if subscription__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subscription"));
                            }
                            subscription__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Sink => {
                            if sink__.is_some() {
                                return Err(serde::de::Error::duplicate_field("sink"));
                            }
                            sink__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventId => {
                            if event_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventId"));
                            }
                            event_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventType => {
                            if event_type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventType"));
                            }
                            event_type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventSubject => {
                            if event_subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventSubject"));
                            }
                            event_subject__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventGroup => {
                            if event_group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventGroup"));
                            }
                            event_group__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventTime => {
                            if event_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventTime"));
                            }
                            event_time__ = map_.next_value()?;
                        }
                        GeneratedField::Attempts => {
                            if attempts__.is_some() {
                                return Err(serde::de::Error::duplicate_field("attempts"));
                            }
                            attempts__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = Some(map_.next_value()?);
                        }
                        GeneratedField::FailedTime => {
                            if failed_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("failedTime"));
                            }
                            failed_time__ = map_.next_value()?;
                        }
                        GeneratedField::Data => {
                            if data__.is_some() {
                                return Err(serde::de::Error::duplicate_field("data"));
                            }
                            data__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(DeadLetter {
                    id: id__.unwrap_or_default(),
                    subscription: subscription__.unwrap_or_default(),
                    sink: sink__.unwrap_or_default(),
                    event_id: event_id__.unwrap_or_default(),
                    event_type: event_type__.unwrap_or_default(),
                    event_subject: event_subject__.unwrap_or_default(),
                    event_group: event_group__.unwrap_or_default(),
                    event_time: event_time__,
                    attempts: attempts__.unwrap_or_default(),
                    reason: reason__.unwrap_or_default(),
                    failed_time: failed_time__,
                    data: data__.unwrap_or_default(),
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.events.v1alpha1.DeadLetter", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeadLetterUidpFilter {
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
        let mut struct_ser = serializer.serialize_struct("grove.events.v1alpha1.DeadLetterUidpFilter", len)?;
        if true {
            struct_ser.serialize_field("descendantsOf", &self.descendants_of)?;
        }
        if true {
            struct_ser.serialize_field("childrenOf", &self.children_of)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeadLetterUidpFilter {
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
            type Value = DeadLetterUidpFilter;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.events.v1alpha1.DeadLetterUidpFilter")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeadLetterUidpFilter, V::Error>
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
                Ok(DeadLetterUidpFilter {
                    descendants_of: descendants_of__.unwrap_or_default(),
                    children_of: children_of__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.events.v1alpha1.DeadLetterUidpFilter", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteDeadLetterRequest {
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
        let mut struct_ser = serializer.serialize_struct("grove.events.v1alpha1.DeleteDeadLetterRequest", len)?;
        if true {
            struct_ser.serialize_field("id", &self.id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteDeadLetterRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
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
                            "id" => Ok(GeneratedField::Id),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = DeleteDeadLetterRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.events.v1alpha1.DeleteDeadLetterRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteDeadLetterRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(DeleteDeadLetterRequest {
                    id: id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.events.v1alpha1.DeleteDeadLetterRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListDeadLettersRequest {
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
        let mut struct_ser = serializer.serialize_struct("grove.events.v1alpha1.ListDeadLettersRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("subscription", &self.subscription)?;
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
impl<'de> serde::Deserialize<'de> for ListDeadLettersRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "subscription",
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
            Subscription,
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
                            "subscription" => Ok(GeneratedField::Subscription),
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
            type Value = ListDeadLettersRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.events.v1alpha1.ListDeadLettersRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListDeadLettersRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut subscription__ = None;
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
                        GeneratedField::Subscription => {
                            if subscription__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subscription"));
                            }
                            subscription__ = Some(map_.next_value()?);
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
                Ok(ListDeadLettersRequest {
                    uidp: uidp__,
                    subscription: subscription__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.events.v1alpha1.ListDeadLettersRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListDeadLettersResponse {
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
        let mut struct_ser = serializer.serialize_struct("grove.events.v1alpha1.ListDeadLettersResponse", len)?;
        if true {
            struct_ser.serialize_field("deadLetters", &self.dead_letters)?;
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
impl<'de> serde::Deserialize<'de> for ListDeadLettersResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "dead_letters",
            "deadLetters",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            DeadLetters,
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
                            "deadLetters" | "dead_letters" => Ok(GeneratedField::DeadLetters),
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
            type Value = ListDeadLettersResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.events.v1alpha1.ListDeadLettersResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListDeadLettersResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut dead_letters__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::DeadLetters => {
                            if dead_letters__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deadLetters"));
                            }
                            dead_letters__ = Some(map_.next_value()?);
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
                Ok(ListDeadLettersResponse {
                    dead_letters: dead_letters__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.events.v1alpha1.ListDeadLettersResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ReplayDeadLetterRequest {
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
        let mut struct_ser = serializer.serialize_struct("grove.events.v1alpha1.ReplayDeadLetterRequest", len)?;
        if true {
            struct_ser.serialize_field("id", &self.id)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ReplayDeadLetterRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
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
                            "id" => Ok(GeneratedField::Id),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ReplayDeadLetterRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.events.v1alpha1.ReplayDeadLetterRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ReplayDeadLetterRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ReplayDeadLetterRequest {
                    id: id__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("grove.events.v1alpha1.ReplayDeadLetterRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ReplayDeadLetterResponse {
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
        let mut struct_ser = serializer.serialize_struct("grove.events.v1alpha1.ReplayDeadLetterResponse", len)?;
        if true {
            struct_ser.serialize_field("delivered", &self.delivered)?;
        }
        if true {
            struct_ser.serialize_field("deleted", &self.deleted)?;
        }
        if let Some(v) = self.dead_letter.as_ref() {
            struct_ser.serialize_field("deadLetter", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ReplayDeadLetterResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "delivered",
            "deleted",
            "dead_letter",
            "deadLetter",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Delivered,
            Deleted,
            DeadLetter,
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
                            "delivered" => Ok(GeneratedField::Delivered),
                            "deleted" => Ok(GeneratedField::Deleted),
                            "deadLetter" | "dead_letter" => Ok(GeneratedField::DeadLetter),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ReplayDeadLetterResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct grove.events.v1alpha1.ReplayDeadLetterResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ReplayDeadLetterResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut delivered__ = None;
                let mut deleted__ = None;
                let mut dead_letter__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Delivered => {
                            if delivered__.is_some() {
                                return Err(serde::de::Error::duplicate_field("delivered"));
                            }
                            delivered__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Deleted => {
                            if deleted__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deleted"));
                            }
                            deleted__ = Some(map_.next_value()?);
                        }
                        GeneratedField::DeadLetter => {
                            if dead_letter__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deadLetter"));
                            }
                            dead_letter__ = map_.next_value()?;
                        }
                    }
                }
                Ok(ReplayDeadLetterResponse {
                    delivered: delivered__.unwrap_or_default(),
                    deleted: deleted__.unwrap_or_default(),
                    dead_letter: dead_letter__,
                })
            }
        }
        deserializer.deserialize_struct("grove.events.v1alpha1.ReplayDeadLetterResponse", FIELDS, GeneratedVisitor)
    }
}
