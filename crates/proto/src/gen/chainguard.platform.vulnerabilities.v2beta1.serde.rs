impl serde::Serialize for Advisory {
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
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        if true {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.Advisory", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("advisoryId", &self.advisory_id)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if let Some(v) = self.update_time.as_ref() {
            struct_ser.serialize_field("updateTime", v)?;
        }
        if let Some(v) = self.delete_time.as_ref() {
            struct_ser.serialize_field("deleteTime", v)?;
        }
        if true {
            struct_ser.serialize_field("author", &self.author)?;
        }
        if true {
            struct_ser.serialize_field("artifactName", &self.artifact_name)?;
        }
        if true {
            struct_ser.serialize_field("artifactType", &self.artifact_type)?;
        }
        if true {
            struct_ser.serialize_field("artifactArchitecture", &self.artifact_architecture)?;
        }
        if true {
            struct_ser.serialize_field("componentName", &self.component_name)?;
        }
        if true {
            struct_ser.serialize_field("componentLocation", &self.component_location)?;
        }
        if true {
            struct_ser.serialize_field("componentType", &self.component_type)?;
        }
        if true {
            struct_ser.serialize_field("aliases", &self.aliases)?;
        }
        if true {
            struct_ser.serialize_field("events", &self.events)?;
        }
        if let Some(v) = self.legacy_advisory_id.as_ref() {
            struct_ser.serialize_field("legacyAdvisoryId", v)?;
        }
        if true {
            struct_ser.serialize_field("severities", &self.severities)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Advisory {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "advisory_id",
            "advisoryId",
            "create_time",
            "createTime",
            "update_time",
            "updateTime",
            "delete_time",
            "deleteTime",
            "author",
            "artifact_name",
            "artifactName",
            "artifact_type",
            "artifactType",
            "artifact_architecture",
            "artifactArchitecture",
            "component_name",
            "componentName",
            "component_location",
            "componentLocation",
            "component_type",
            "componentType",
            "aliases",
            "events",
            "legacy_advisory_id",
            "legacyAdvisoryId",
            "severities",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            AdvisoryId,
            CreateTime,
            UpdateTime,
            DeleteTime,
            Author,
            ArtifactName,
            ArtifactType,
            ArtifactArchitecture,
            ComponentName,
            ComponentLocation,
            ComponentType,
            Aliases,
            Events,
            LegacyAdvisoryId,
            Severities,
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
                            "advisoryId" | "advisory_id" => Ok(GeneratedField::AdvisoryId),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "updateTime" | "update_time" => Ok(GeneratedField::UpdateTime),
                            "deleteTime" | "delete_time" => Ok(GeneratedField::DeleteTime),
                            "author" => Ok(GeneratedField::Author),
                            "artifactName" | "artifact_name" => Ok(GeneratedField::ArtifactName),
                            "artifactType" | "artifact_type" => Ok(GeneratedField::ArtifactType),
                            "artifactArchitecture" | "artifact_architecture" => Ok(GeneratedField::ArtifactArchitecture),
                            "componentName" | "component_name" => Ok(GeneratedField::ComponentName),
                            "componentLocation" | "component_location" => Ok(GeneratedField::ComponentLocation),
                            "componentType" | "component_type" => Ok(GeneratedField::ComponentType),
                            "aliases" => Ok(GeneratedField::Aliases),
                            "events" => Ok(GeneratedField::Events),
                            "legacyAdvisoryId" | "legacy_advisory_id" => Ok(GeneratedField::LegacyAdvisoryId),
                            "severities" => Ok(GeneratedField::Severities),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Advisory;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.Advisory")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Advisory, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut advisory_id__ = None;
                let mut create_time__ = None;
                let mut update_time__ = None;
                let mut delete_time__ = None;
                let mut author__ = None;
                let mut artifact_name__ = None;
                let mut artifact_type__ = None;
                let mut artifact_architecture__ = None;
                let mut component_name__ = None;
                let mut component_location__ = None;
                let mut component_type__ = None;
                let mut aliases__ = None;
                let mut events__ = None;
                let mut legacy_advisory_id__ = None;
                let mut severities__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AdvisoryId => {
                            if advisory_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("advisoryId"));
                            }
                            advisory_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreateTime => {
                            if create_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createTime"));
                            }
                            create_time__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateTime => {
                            if update_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateTime"));
                            }
                            update_time__ = map_.next_value()?;
                        }
                        GeneratedField::DeleteTime => {
                            if delete_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("deleteTime"));
                            }
                            delete_time__ = map_.next_value()?;
                        }
                        GeneratedField::Author => {
                            if author__.is_some() {
                                return Err(serde::de::Error::duplicate_field("author"));
                            }
                            author__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ArtifactName => {
                            if artifact_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("artifactName"));
                            }
                            artifact_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ArtifactType => {
                            if artifact_type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("artifactType"));
                            }
                            artifact_type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ArtifactArchitecture => {
                            if artifact_architecture__.is_some() {
                                return Err(serde::de::Error::duplicate_field("artifactArchitecture"));
                            }
                            artifact_architecture__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentName => {
                            if component_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentName"));
                            }
                            component_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentLocation => {
                            if component_location__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentLocation"));
                            }
                            component_location__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentType => {
                            if component_type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentType"));
                            }
                            component_type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Aliases => {
                            if aliases__.is_some() {
                                return Err(serde::de::Error::duplicate_field("aliases"));
                            }
                            aliases__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Events => {
                            if events__.is_some() {
                                return Err(serde::de::Error::duplicate_field("events"));
                            }
                            events__ = Some(map_.next_value()?);
                        }
                        GeneratedField::LegacyAdvisoryId => {
                            if legacy_advisory_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("legacyAdvisoryId"));
                            }
                            legacy_advisory_id__ = map_.next_value()?;
                        }
                        GeneratedField::Severities => {
                            if severities__.is_some() {
                                return Err(serde::de::Error::duplicate_field("severities"));
                            }
                            severities__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Advisory {
                    uid: uid__.unwrap_or_default(),
                    advisory_id: advisory_id__.unwrap_or_default(),
                    create_time: create_time__,
                    update_time: update_time__,
                    delete_time: delete_time__,
                    author: author__.unwrap_or_default(),
                    artifact_name: artifact_name__.unwrap_or_default(),
                    artifact_type: artifact_type__.unwrap_or_default(),
                    artifact_architecture: artifact_architecture__.unwrap_or_default(),
                    component_name: component_name__.unwrap_or_default(),
                    component_location: component_location__.unwrap_or_default(),
                    component_type: component_type__.unwrap_or_default(),
                    aliases: aliases__.unwrap_or_default(),
                    events: events__.unwrap_or_default(),
                    legacy_advisory_id: legacy_advisory_id__,
                    severities: severities__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.Advisory", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AdvisoryEvent {
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
        if self.r#type.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if true {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("findings", pbjson::private::base64::encode(&self.findings).as_str())?;
        }
        if true {
            struct_ser.serialize_field("author", &self.author)?;
        }
        if true {
            struct_ser.serialize_field("reviewer", &self.reviewer)?;
        }
        if true {
            let v = ReviewState::try_from(self.review_state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.review_state)))?;
            struct_ser.serialize_field("reviewState", &v)?;
        }
        if let Some(v) = self.issue.as_ref() {
            struct_ser.serialize_field("issue", v)?;
        }
        if let Some(v) = self.r#type.as_ref() {
            match v {
                advisory_event::Type::Detection(v) => {
                    struct_ser.serialize_field("detection", v)?;
                }
                advisory_event::Type::Fixed(v) => {
                    struct_ser.serialize_field("fixed", v)?;
                }
                advisory_event::Type::FalsePositiveDetermination(v) => {
                    struct_ser.serialize_field("falsePositiveDetermination", v)?;
                }
                advisory_event::Type::AnalysisNotPlanned(v) => {
                    struct_ser.serialize_field("analysisNotPlanned", v)?;
                }
                advisory_event::Type::FixNotPlanned(v) => {
                    struct_ser.serialize_field("fixNotPlanned", v)?;
                }
                advisory_event::Type::PendingUpstreamFix(v) => {
                    struct_ser.serialize_field("pendingUpstreamFix", v)?;
                }
                advisory_event::Type::TruePositiveDetermination(v) => {
                    struct_ser.serialize_field("truePositiveDetermination", v)?;
                }
                advisory_event::Type::Patched(v) => {
                    struct_ser.serialize_field("patched", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AdvisoryEvent {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "create_time",
            "createTime",
            "findings",
            "author",
            "reviewer",
            "review_state",
            "reviewState",
            "issue",
            "detection",
            "fixed",
            "false_positive_determination",
            "falsePositiveDetermination",
            "analysis_not_planned",
            "analysisNotPlanned",
            "fix_not_planned",
            "fixNotPlanned",
            "pending_upstream_fix",
            "pendingUpstreamFix",
            "true_positive_determination",
            "truePositiveDetermination",
            "patched",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            CreateTime,
            Findings,
            Author,
            Reviewer,
            ReviewState,
            Issue,
            Detection,
            Fixed,
            FalsePositiveDetermination,
            AnalysisNotPlanned,
            FixNotPlanned,
            PendingUpstreamFix,
            TruePositiveDetermination,
            Patched,
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
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "findings" => Ok(GeneratedField::Findings),
                            "author" => Ok(GeneratedField::Author),
                            "reviewer" => Ok(GeneratedField::Reviewer),
                            "reviewState" | "review_state" => Ok(GeneratedField::ReviewState),
                            "issue" => Ok(GeneratedField::Issue),
                            "detection" => Ok(GeneratedField::Detection),
                            "fixed" => Ok(GeneratedField::Fixed),
                            "falsePositiveDetermination" | "false_positive_determination" => Ok(GeneratedField::FalsePositiveDetermination),
                            "analysisNotPlanned" | "analysis_not_planned" => Ok(GeneratedField::AnalysisNotPlanned),
                            "fixNotPlanned" | "fix_not_planned" => Ok(GeneratedField::FixNotPlanned),
                            "pendingUpstreamFix" | "pending_upstream_fix" => Ok(GeneratedField::PendingUpstreamFix),
                            "truePositiveDetermination" | "true_positive_determination" => Ok(GeneratedField::TruePositiveDetermination),
                            "patched" => Ok(GeneratedField::Patched),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AdvisoryEvent;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AdvisoryEvent, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut create_time__ = None;
                let mut findings__ = None;
                let mut author__ = None;
                let mut reviewer__ = None;
                let mut review_state__ = None;
                let mut issue__ = None;
                let mut r#type__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreateTime => {
                            if create_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createTime"));
                            }
                            create_time__ = map_.next_value()?;
                        }
                        GeneratedField::Findings => {
                            if findings__.is_some() {
                                return Err(serde::de::Error::duplicate_field("findings"));
                            }
                            findings__ = 
                                Some(map_.next_value::<::pbjson::private::BytesDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Author => {
                            if author__.is_some() {
                                return Err(serde::de::Error::duplicate_field("author"));
                            }
                            author__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Reviewer => {
                            if reviewer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reviewer"));
                            }
                            reviewer__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ReviewState => {
                            if review_state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reviewState"));
                            }
                            review_state__ = Some(map_.next_value::<ReviewState>()? as i32);
                        }
                        GeneratedField::Issue => {
                            if issue__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issue"));
                            }
                            issue__ = map_.next_value()?;
                        }
                        GeneratedField::Detection => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("detection"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::Detection)
;
                        }
                        GeneratedField::Fixed => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fixed"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::Fixed)
;
                        }
                        GeneratedField::FalsePositiveDetermination => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("falsePositiveDetermination"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::FalsePositiveDetermination)
;
                        }
                        GeneratedField::AnalysisNotPlanned => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("analysisNotPlanned"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::AnalysisNotPlanned)
;
                        }
                        GeneratedField::FixNotPlanned => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fixNotPlanned"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::FixNotPlanned)
;
                        }
                        GeneratedField::PendingUpstreamFix => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pendingUpstreamFix"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::PendingUpstreamFix)
;
                        }
                        GeneratedField::TruePositiveDetermination => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("truePositiveDetermination"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::TruePositiveDetermination)
;
                        }
                        GeneratedField::Patched => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("patched"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::Type::Patched)
;
                        }
                    }
                }
                Ok(AdvisoryEvent {
                    uid: uid__.unwrap_or_default(),
                    create_time: create_time__,
                    findings: findings__.unwrap_or_default(),
                    author: author__.unwrap_or_default(),
                    reviewer: reviewer__.unwrap_or_default(),
                    review_state: review_state__.unwrap_or_default(),
                    issue: issue__,
                    r#type: r#type__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::AnalysisNotPlanned {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.AnalysisNotPlanned", len)?;
        if true {
            struct_ser.serialize_field("note", &self.note)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::AnalysisNotPlanned {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "note",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Note,
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
                            "note" => Ok(GeneratedField::Note),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::AnalysisNotPlanned;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.AnalysisNotPlanned")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::AnalysisNotPlanned, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut note__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Note => {
                            if note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("note"));
                            }
                            note__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::AnalysisNotPlanned {
                    note: note__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.AnalysisNotPlanned", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::Detection {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let mut len = 0;
        if self.r#type.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection", len)?;
        if let Some(v) = self.r#type.as_ref() {
            match v {
                advisory_event::detection::Type::Nvdapi(v) => {
                    struct_ser.serialize_field("nvdapi", v)?;
                }
                advisory_event::detection::Type::Manual(v) => {
                    struct_ser.serialize_field("manual", v)?;
                }
                advisory_event::detection::Type::Scanv1(v) => {
                    struct_ser.serialize_field("scanv1", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::Detection {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "nvdapi",
            "manual",
            "scanv1",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Nvdapi,
            Manual,
            Scanv1,
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
                            "nvdapi" => Ok(GeneratedField::Nvdapi),
                            "manual" => Ok(GeneratedField::Manual),
                            "scanv1" => Ok(GeneratedField::Scanv1),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::Detection;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::Detection, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Nvdapi => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("nvdapi"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::detection::Type::Nvdapi)
;
                        }
                        GeneratedField::Manual => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("manual"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::detection::Type::Manual)
;
                        }
                        GeneratedField::Scanv1 => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scanv1"));
                            }
                            r#type__ = map_.next_value::<::std::option::Option<_>>()?.map(advisory_event::detection::Type::Scanv1)
;
                        }
                    }
                }
                Ok(advisory_event::Detection {
                    r#type: r#type__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::detection::Manual {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.Manual", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::detection::Manual {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
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
                            Err(serde::de::Error::unknown_field(value, FIELDS))
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::detection::Manual;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.Manual")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::detection::Manual, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(advisory_event::detection::Manual {
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.Manual", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::detection::Nvdapi {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.NVDAPI", len)?;
        if true {
            struct_ser.serialize_field("cpeSearched", &self.cpe_searched)?;
        }
        if true {
            struct_ser.serialize_field("cpeFound", &self.cpe_found)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::detection::Nvdapi {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "cpe_searched",
            "cpeSearched",
            "cpe_found",
            "cpeFound",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            CpeSearched,
            CpeFound,
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
                            "cpeSearched" | "cpe_searched" => Ok(GeneratedField::CpeSearched),
                            "cpeFound" | "cpe_found" => Ok(GeneratedField::CpeFound),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::detection::Nvdapi;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.NVDAPI")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::detection::Nvdapi, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut cpe_searched__ = None;
                let mut cpe_found__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::CpeSearched => {
                            if cpe_searched__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpeSearched"));
                            }
                            cpe_searched__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CpeFound => {
                            if cpe_found__.is_some() {
                                return Err(serde::de::Error::duplicate_field("cpeFound"));
                            }
                            cpe_found__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::detection::Nvdapi {
                    cpe_searched: cpe_searched__.unwrap_or_default(),
                    cpe_found: cpe_found__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.NVDAPI", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::detection::ScanV1 {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.ScanV1", len)?;
        if true {
            struct_ser.serialize_field("scanner", &self.scanner)?;
        }
        if true {
            struct_ser.serialize_field("subpackage", &self.subpackage)?;
        }
        if true {
            struct_ser.serialize_field("componentId", &self.component_id)?;
        }
        if true {
            struct_ser.serialize_field("component", &self.component)?;
        }
        if true {
            struct_ser.serialize_field("componentVersion", &self.component_version)?;
        }
        if true {
            struct_ser.serialize_field("componentType", &self.component_type)?;
        }
        if true {
            struct_ser.serialize_field("componentLocation", &self.component_location)?;
        }
        if true {
            struct_ser.serialize_field("artifactVersion", &self.artifact_version)?;
        }
        if true {
            struct_ser.serialize_field("scannerVersion", &self.scanner_version)?;
        }
        if true {
            struct_ser.serialize_field("grypeDbBuilt", &self.grype_db_built)?;
        }
        if true {
            struct_ser.serialize_field("grypeDbChecksum", &self.grype_db_checksum)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::detection::ScanV1 {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "scanner",
            "subpackage",
            "component_id",
            "componentId",
            "component",
            "component_version",
            "componentVersion",
            "component_type",
            "componentType",
            "component_location",
            "componentLocation",
            "artifact_version",
            "artifactVersion",
            "scanner_version",
            "scannerVersion",
            "grype_db_built",
            "grypeDbBuilt",
            "grype_db_checksum",
            "grypeDbChecksum",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Scanner,
            Subpackage,
            ComponentId,
            Component,
            ComponentVersion,
            ComponentType,
            ComponentLocation,
            ArtifactVersion,
            ScannerVersion,
            GrypeDbBuilt,
            GrypeDbChecksum,
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
                            "scanner" => Ok(GeneratedField::Scanner),
                            "subpackage" => Ok(GeneratedField::Subpackage),
                            "componentId" | "component_id" => Ok(GeneratedField::ComponentId),
                            "component" => Ok(GeneratedField::Component),
                            "componentVersion" | "component_version" => Ok(GeneratedField::ComponentVersion),
                            "componentType" | "component_type" => Ok(GeneratedField::ComponentType),
                            "componentLocation" | "component_location" => Ok(GeneratedField::ComponentLocation),
                            "artifactVersion" | "artifact_version" => Ok(GeneratedField::ArtifactVersion),
                            "scannerVersion" | "scanner_version" => Ok(GeneratedField::ScannerVersion),
                            "grypeDbBuilt" | "grype_db_built" => Ok(GeneratedField::GrypeDbBuilt),
                            "grypeDbChecksum" | "grype_db_checksum" => Ok(GeneratedField::GrypeDbChecksum),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::detection::ScanV1;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.ScanV1")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::detection::ScanV1, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut scanner__ = None;
                let mut subpackage__ = None;
                let mut component_id__ = None;
                let mut component__ = None;
                let mut component_version__ = None;
                let mut component_type__ = None;
                let mut component_location__ = None;
                let mut artifact_version__ = None;
                let mut scanner_version__ = None;
                let mut grype_db_built__ = None;
                let mut grype_db_checksum__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Scanner => {
                            if scanner__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scanner"));
                            }
                            scanner__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subpackage => {
                            if subpackage__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subpackage"));
                            }
                            subpackage__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentId => {
                            if component_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentId"));
                            }
                            component_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Component => {
                            if component__.is_some() {
                                return Err(serde::de::Error::duplicate_field("component"));
                            }
                            component__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentVersion => {
                            if component_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentVersion"));
                            }
                            component_version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentType => {
                            if component_type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentType"));
                            }
                            component_type__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentLocation => {
                            if component_location__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentLocation"));
                            }
                            component_location__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ArtifactVersion => {
                            if artifact_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("artifactVersion"));
                            }
                            artifact_version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ScannerVersion => {
                            if scanner_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scannerVersion"));
                            }
                            scanner_version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GrypeDbBuilt => {
                            if grype_db_built__.is_some() {
                                return Err(serde::de::Error::duplicate_field("grypeDbBuilt"));
                            }
                            grype_db_built__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GrypeDbChecksum => {
                            if grype_db_checksum__.is_some() {
                                return Err(serde::de::Error::duplicate_field("grypeDbChecksum"));
                            }
                            grype_db_checksum__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::detection::ScanV1 {
                    scanner: scanner__.unwrap_or_default(),
                    subpackage: subpackage__.unwrap_or_default(),
                    component_id: component_id__.unwrap_or_default(),
                    component: component__.unwrap_or_default(),
                    component_version: component_version__.unwrap_or_default(),
                    component_type: component_type__.unwrap_or_default(),
                    component_location: component_location__.unwrap_or_default(),
                    artifact_version: artifact_version__.unwrap_or_default(),
                    scanner_version: scanner_version__.unwrap_or_default(),
                    grype_db_built: grype_db_built__.unwrap_or_default(),
                    grype_db_checksum: grype_db_checksum__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Detection.ScanV1", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::FalsePositiveDetermination {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.FalsePositiveDetermination", len)?;
        if true {
            let v = advisory_event::false_positive_determination::Type::try_from(self.r#type)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.r#type)))?;
            struct_ser.serialize_field("type", &v)?;
        }
        if true {
            struct_ser.serialize_field("note", &self.note)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::FalsePositiveDetermination {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "type",
            "note",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Type,
            Note,
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
                            "type" => Ok(GeneratedField::Type),
                            "note" => Ok(GeneratedField::Note),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::FalsePositiveDetermination;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.FalsePositiveDetermination")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::FalsePositiveDetermination, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                let mut note__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value::<advisory_event::false_positive_determination::Type>()? as i32);
                        }
                        GeneratedField::Note => {
                            if note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("note"));
                            }
                            note__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::FalsePositiveDetermination {
                    r#type: r#type__.unwrap_or_default(),
                    note: note__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.FalsePositiveDetermination", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::false_positive_determination::Type {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "TYPE_UNSPECIFIED",
            Self::VulnerabilityRecordAnalysisContested => "TYPE_VULNERABILITY_RECORD_ANALYSIS_CONTESTED",
            Self::ComponentVulnerabilityMismatch => "TYPE_COMPONENT_VULNERABILITY_MISMATCH",
            Self::VulnerableCodeVersionNotUsed => "TYPE_VULNERABLE_CODE_VERSION_NOT_USED",
            Self::VulnerableCodeNotIncludedInPackage => "TYPE_VULNERABLE_CODE_NOT_INCLUDED_IN_PACKAGE",
            Self::VulnerableCodeNotInExecutionPath => "TYPE_VULNERABLE_CODE_NOT_IN_EXECUTION_PATH",
            Self::VulnerableCodeCannotBeControlledByAdversary => "TYPE_VULNERABLE_CODE_CANNOT_BE_CONTROLLED_BY_ADVERSARY",
            Self::InlineMitigationsExist => "TYPE_INLINE_MITIGATIONS_EXIST",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::false_positive_determination::Type {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "TYPE_UNSPECIFIED",
            "TYPE_VULNERABILITY_RECORD_ANALYSIS_CONTESTED",
            "TYPE_COMPONENT_VULNERABILITY_MISMATCH",
            "TYPE_VULNERABLE_CODE_VERSION_NOT_USED",
            "TYPE_VULNERABLE_CODE_NOT_INCLUDED_IN_PACKAGE",
            "TYPE_VULNERABLE_CODE_NOT_IN_EXECUTION_PATH",
            "TYPE_VULNERABLE_CODE_CANNOT_BE_CONTROLLED_BY_ADVERSARY",
            "TYPE_INLINE_MITIGATIONS_EXIST",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = advisory_event::false_positive_determination::Type;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "TYPE_UNSPECIFIED" => Ok(advisory_event::false_positive_determination::Type::Unspecified),
                    "TYPE_VULNERABILITY_RECORD_ANALYSIS_CONTESTED" => Ok(advisory_event::false_positive_determination::Type::VulnerabilityRecordAnalysisContested),
                    "TYPE_COMPONENT_VULNERABILITY_MISMATCH" => Ok(advisory_event::false_positive_determination::Type::ComponentVulnerabilityMismatch),
                    "TYPE_VULNERABLE_CODE_VERSION_NOT_USED" => Ok(advisory_event::false_positive_determination::Type::VulnerableCodeVersionNotUsed),
                    "TYPE_VULNERABLE_CODE_NOT_INCLUDED_IN_PACKAGE" => Ok(advisory_event::false_positive_determination::Type::VulnerableCodeNotIncludedInPackage),
                    "TYPE_VULNERABLE_CODE_NOT_IN_EXECUTION_PATH" => Ok(advisory_event::false_positive_determination::Type::VulnerableCodeNotInExecutionPath),
                    "TYPE_VULNERABLE_CODE_CANNOT_BE_CONTROLLED_BY_ADVERSARY" => Ok(advisory_event::false_positive_determination::Type::VulnerableCodeCannotBeControlledByAdversary),
                    "TYPE_INLINE_MITIGATIONS_EXIST" => Ok(advisory_event::false_positive_determination::Type::InlineMitigationsExist),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::FixNotPlanned {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.FixNotPlanned", len)?;
        if true {
            struct_ser.serialize_field("note", &self.note)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::FixNotPlanned {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "note",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Note,
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
                            "note" => Ok(GeneratedField::Note),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::FixNotPlanned;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.FixNotPlanned")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::FixNotPlanned, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut note__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Note => {
                            if note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("note"));
                            }
                            note__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::FixNotPlanned {
                    note: note__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.FixNotPlanned", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::Fixed {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Fixed", len)?;
        if true {
            struct_ser.serialize_field("fixedVersion", &self.fixed_version)?;
        }
        if true {
            struct_ser.serialize_field("note", &self.note)?;
        }
        if true {
            struct_ser.serialize_field("scannerVersion", &self.scanner_version)?;
        }
        if true {
            struct_ser.serialize_field("grypeDbBuilt", &self.grype_db_built)?;
        }
        if true {
            struct_ser.serialize_field("grypeDbChecksum", &self.grype_db_checksum)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::Fixed {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "fixed_version",
            "fixedVersion",
            "note",
            "scanner_version",
            "scannerVersion",
            "grype_db_built",
            "grypeDbBuilt",
            "grype_db_checksum",
            "grypeDbChecksum",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            FixedVersion,
            Note,
            ScannerVersion,
            GrypeDbBuilt,
            GrypeDbChecksum,
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
                            "fixedVersion" | "fixed_version" => Ok(GeneratedField::FixedVersion),
                            "note" => Ok(GeneratedField::Note),
                            "scannerVersion" | "scanner_version" => Ok(GeneratedField::ScannerVersion),
                            "grypeDbBuilt" | "grype_db_built" => Ok(GeneratedField::GrypeDbBuilt),
                            "grypeDbChecksum" | "grype_db_checksum" => Ok(GeneratedField::GrypeDbChecksum),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::Fixed;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Fixed")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::Fixed, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut fixed_version__ = None;
                let mut note__ = None;
                let mut scanner_version__ = None;
                let mut grype_db_built__ = None;
                let mut grype_db_checksum__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::FixedVersion => {
                            if fixed_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("fixedVersion"));
                            }
                            fixed_version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Note => {
                            if note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("note"));
                            }
                            note__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ScannerVersion => {
                            if scanner_version__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scannerVersion"));
                            }
                            scanner_version__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GrypeDbBuilt => {
                            if grype_db_built__.is_some() {
                                return Err(serde::de::Error::duplicate_field("grypeDbBuilt"));
                            }
                            grype_db_built__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GrypeDbChecksum => {
                            if grype_db_checksum__.is_some() {
                                return Err(serde::de::Error::duplicate_field("grypeDbChecksum"));
                            }
                            grype_db_checksum__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::Fixed {
                    fixed_version: fixed_version__.unwrap_or_default(),
                    note: note__.unwrap_or_default(),
                    scanner_version: scanner_version__.unwrap_or_default(),
                    grype_db_built: grype_db_built__.unwrap_or_default(),
                    grype_db_checksum: grype_db_checksum__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Fixed", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::Patched {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Patched", len)?;
        if true {
            struct_ser.serialize_field("patchedVersions", &self.patched_versions)?;
        }
        if true {
            struct_ser.serialize_field("note", &self.note)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::Patched {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "patched_versions",
            "patchedVersions",
            "note",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            PatchedVersions,
            Note,
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
                            "patchedVersions" | "patched_versions" => Ok(GeneratedField::PatchedVersions),
                            "note" => Ok(GeneratedField::Note),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::Patched;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Patched")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::Patched, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut patched_versions__ = None;
                let mut note__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::PatchedVersions => {
                            if patched_versions__.is_some() {
                                return Err(serde::de::Error::duplicate_field("patchedVersions"));
                            }
                            patched_versions__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Note => {
                            if note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("note"));
                            }
                            note__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::Patched {
                    patched_versions: patched_versions__.unwrap_or_default(),
                    note: note__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.Patched", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::PendingUpstreamFix {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.PendingUpstreamFix", len)?;
        if true {
            struct_ser.serialize_field("note", &self.note)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::PendingUpstreamFix {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "note",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Note,
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
                            "note" => Ok(GeneratedField::Note),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::PendingUpstreamFix;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.PendingUpstreamFix")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::PendingUpstreamFix, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut note__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Note => {
                            if note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("note"));
                            }
                            note__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::PendingUpstreamFix {
                    note: note__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.PendingUpstreamFix", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for advisory_event::TruePositiveDetermination {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.TruePositiveDetermination", len)?;
        if true {
            struct_ser.serialize_field("note", &self.note)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for advisory_event::TruePositiveDetermination {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "note",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Note,
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
                            "note" => Ok(GeneratedField::Note),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = advisory_event::TruePositiveDetermination;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.TruePositiveDetermination")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<advisory_event::TruePositiveDetermination, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut note__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Note => {
                            if note__.is_some() {
                                return Err(serde::de::Error::duplicate_field("note"));
                            }
                            note__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(advisory_event::TruePositiveDetermination {
                    note: note__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.AdvisoryEvent.TruePositiveDetermination", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for EventTypeFilter {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "EVENT_TYPE_FILTER_UNSPECIFIED",
            Self::Detection => "EVENT_TYPE_FILTER_DETECTION",
            Self::TruePositiveDetermination => "EVENT_TYPE_FILTER_TRUE_POSITIVE_DETERMINATION",
            Self::Fixed => "EVENT_TYPE_FILTER_FIXED",
            Self::FalsePositiveDetermination => "EVENT_TYPE_FILTER_FALSE_POSITIVE_DETERMINATION",
            Self::AnalysisNotPlanned => "EVENT_TYPE_FILTER_ANALYSIS_NOT_PLANNED",
            Self::FixNotPlanned => "EVENT_TYPE_FILTER_FIX_NOT_PLANNED",
            Self::PendingUpstreamFix => "EVENT_TYPE_FILTER_PENDING_UPSTREAM_FIX",
            Self::Patched => "EVENT_TYPE_FILTER_PATCHED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for EventTypeFilter {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "EVENT_TYPE_FILTER_UNSPECIFIED",
            "EVENT_TYPE_FILTER_DETECTION",
            "EVENT_TYPE_FILTER_TRUE_POSITIVE_DETERMINATION",
            "EVENT_TYPE_FILTER_FIXED",
            "EVENT_TYPE_FILTER_FALSE_POSITIVE_DETERMINATION",
            "EVENT_TYPE_FILTER_ANALYSIS_NOT_PLANNED",
            "EVENT_TYPE_FILTER_FIX_NOT_PLANNED",
            "EVENT_TYPE_FILTER_PENDING_UPSTREAM_FIX",
            "EVENT_TYPE_FILTER_PATCHED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = EventTypeFilter;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "EVENT_TYPE_FILTER_UNSPECIFIED" => Ok(EventTypeFilter::Unspecified),
                    "EVENT_TYPE_FILTER_DETECTION" => Ok(EventTypeFilter::Detection),
                    "EVENT_TYPE_FILTER_TRUE_POSITIVE_DETERMINATION" => Ok(EventTypeFilter::TruePositiveDetermination),
                    "EVENT_TYPE_FILTER_FIXED" => Ok(EventTypeFilter::Fixed),
                    "EVENT_TYPE_FILTER_FALSE_POSITIVE_DETERMINATION" => Ok(EventTypeFilter::FalsePositiveDetermination),
                    "EVENT_TYPE_FILTER_ANALYSIS_NOT_PLANNED" => Ok(EventTypeFilter::AnalysisNotPlanned),
                    "EVENT_TYPE_FILTER_FIX_NOT_PLANNED" => Ok(EventTypeFilter::FixNotPlanned),
                    "EVENT_TYPE_FILTER_PENDING_UPSTREAM_FIX" => Ok(EventTypeFilter::PendingUpstreamFix),
                    "EVENT_TYPE_FILTER_PATCHED" => Ok(EventTypeFilter::Patched),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for GetAdvisoryRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.GetAdvisoryRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetAdvisoryRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
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
            type Value = GetAdvisoryRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.GetAdvisoryRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetAdvisoryRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GetAdvisoryRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.GetAdvisoryRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAdvisoriesRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.ListAdvisoriesRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("advisoryIds", &self.advisory_ids)?;
        }
        if true {
            struct_ser.serialize_field("legacyAdvisoryIds", &self.legacy_advisory_ids)?;
        }
        if true {
            struct_ser.serialize_field("artifactNames", &self.artifact_names)?;
        }
        if true {
            struct_ser.serialize_field("artifactTypes", &self.artifact_types)?;
        }
        if true {
            struct_ser.serialize_field("artifactArchitectures", &self.artifact_architectures)?;
        }
        if true {
            struct_ser.serialize_field("componentNames", &self.component_names)?;
        }
        if true {
            struct_ser.serialize_field("componentTypes", &self.component_types)?;
        }
        if true {
            struct_ser.serialize_field("componentLocations", &self.component_locations)?;
        }
        if true {
            struct_ser.serialize_field("aliases", &self.aliases)?;
        }
        if let Some(v) = self.origin.as_ref() {
            struct_ser.serialize_field("origin", v)?;
        }
        if true {
            let v = self.event_review_states.iter().cloned().map(|v| {
                ReviewState::try_from(v)
                    .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", v)))
                }).collect::<std::result::Result<Vec<_>, _>>()?;
            struct_ser.serialize_field("eventReviewStates", &v)?;
        }
        if true {
            struct_ser.serialize_field("eventAuthors", &self.event_authors)?;
        }
        if true {
            struct_ser.serialize_field("excludeEventAuthors", &self.exclude_event_authors)?;
        }
        if true {
            struct_ser.serialize_field("eventReviewers", &self.event_reviewers)?;
        }
        if true {
            let v = self.event_types.iter().cloned().map(|v| {
                EventTypeFilter::try_from(v)
                    .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", v)))
                }).collect::<std::result::Result<Vec<_>, _>>()?;
            struct_ser.serialize_field("eventTypes", &v)?;
        }
        if let Some(v) = self.latest_event_type.as_ref() {
            let v = EventTypeFilter::try_from(*v)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", *v)))?;
            struct_ser.serialize_field("latestEventType", &v)?;
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
        if true {
            struct_ser.serialize_field("query", &self.query)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ListAdvisoriesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "advisory_ids",
            "advisoryIds",
            "legacy_advisory_ids",
            "legacyAdvisoryIds",
            "artifact_names",
            "artifactNames",
            "artifact_types",
            "artifactTypes",
            "artifact_architectures",
            "artifactArchitectures",
            "component_names",
            "componentNames",
            "component_types",
            "componentTypes",
            "component_locations",
            "componentLocations",
            "aliases",
            "origin",
            "event_review_states",
            "eventReviewStates",
            "event_authors",
            "eventAuthors",
            "exclude_event_authors",
            "excludeEventAuthors",
            "event_reviewers",
            "eventReviewers",
            "event_types",
            "eventTypes",
            "latest_event_type",
            "latestEventType",
            "page_size",
            "pageSize",
            "page_token",
            "pageToken",
            "order_by",
            "orderBy",
            "skip",
            "query",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uidp,
            AdvisoryIds,
            LegacyAdvisoryIds,
            ArtifactNames,
            ArtifactTypes,
            ArtifactArchitectures,
            ComponentNames,
            ComponentTypes,
            ComponentLocations,
            Aliases,
            Origin,
            EventReviewStates,
            EventAuthors,
            ExcludeEventAuthors,
            EventReviewers,
            EventTypes,
            LatestEventType,
            PageSize,
            PageToken,
            OrderBy,
            Skip,
            Query,
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
                            "advisoryIds" | "advisory_ids" => Ok(GeneratedField::AdvisoryIds),
                            "legacyAdvisoryIds" | "legacy_advisory_ids" => Ok(GeneratedField::LegacyAdvisoryIds),
                            "artifactNames" | "artifact_names" => Ok(GeneratedField::ArtifactNames),
                            "artifactTypes" | "artifact_types" => Ok(GeneratedField::ArtifactTypes),
                            "artifactArchitectures" | "artifact_architectures" => Ok(GeneratedField::ArtifactArchitectures),
                            "componentNames" | "component_names" => Ok(GeneratedField::ComponentNames),
                            "componentTypes" | "component_types" => Ok(GeneratedField::ComponentTypes),
                            "componentLocations" | "component_locations" => Ok(GeneratedField::ComponentLocations),
                            "aliases" => Ok(GeneratedField::Aliases),
                            "origin" => Ok(GeneratedField::Origin),
                            "eventReviewStates" | "event_review_states" => Ok(GeneratedField::EventReviewStates),
                            "eventAuthors" | "event_authors" => Ok(GeneratedField::EventAuthors),
                            "excludeEventAuthors" | "exclude_event_authors" => Ok(GeneratedField::ExcludeEventAuthors),
                            "eventReviewers" | "event_reviewers" => Ok(GeneratedField::EventReviewers),
                            "eventTypes" | "event_types" => Ok(GeneratedField::EventTypes),
                            "latestEventType" | "latest_event_type" => Ok(GeneratedField::LatestEventType),
                            "pageSize" | "page_size" => Ok(GeneratedField::PageSize),
                            "pageToken" | "page_token" => Ok(GeneratedField::PageToken),
                            "orderBy" | "order_by" => Ok(GeneratedField::OrderBy),
                            "skip" => Ok(GeneratedField::Skip),
                            "query" => Ok(GeneratedField::Query),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ListAdvisoriesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.ListAdvisoriesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAdvisoriesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut advisory_ids__ = None;
                let mut legacy_advisory_ids__ = None;
                let mut artifact_names__ = None;
                let mut artifact_types__ = None;
                let mut artifact_architectures__ = None;
                let mut component_names__ = None;
                let mut component_types__ = None;
                let mut component_locations__ = None;
                let mut aliases__ = None;
                let mut origin__ = None;
                let mut event_review_states__ = None;
                let mut event_authors__ = None;
                let mut exclude_event_authors__ = None;
                let mut event_reviewers__ = None;
                let mut event_types__ = None;
                let mut latest_event_type__ = None;
                let mut page_size__ = None;
                let mut page_token__ = None;
                let mut order_by__ = None;
                let mut skip__ = None;
                let mut query__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uidp => {
                            if uidp__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uidp"));
                            }
                            uidp__ = map_.next_value()?;
                        }
                        GeneratedField::AdvisoryIds => {
                            if advisory_ids__.is_some() {
                                return Err(serde::de::Error::duplicate_field("advisoryIds"));
                            }
                            advisory_ids__ = Some(map_.next_value()?);
                        }
                        GeneratedField::LegacyAdvisoryIds => {
                            if legacy_advisory_ids__.is_some() {
                                return Err(serde::de::Error::duplicate_field("legacyAdvisoryIds"));
                            }
                            legacy_advisory_ids__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ArtifactNames => {
                            if artifact_names__.is_some() {
                                return Err(serde::de::Error::duplicate_field("artifactNames"));
                            }
                            artifact_names__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ArtifactTypes => {
                            if artifact_types__.is_some() {
                                return Err(serde::de::Error::duplicate_field("artifactTypes"));
                            }
                            artifact_types__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ArtifactArchitectures => {
                            if artifact_architectures__.is_some() {
                                return Err(serde::de::Error::duplicate_field("artifactArchitectures"));
                            }
                            artifact_architectures__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentNames => {
                            if component_names__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentNames"));
                            }
                            component_names__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentTypes => {
                            if component_types__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentTypes"));
                            }
                            component_types__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ComponentLocations => {
                            if component_locations__.is_some() {
                                return Err(serde::de::Error::duplicate_field("componentLocations"));
                            }
                            component_locations__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Aliases => {
                            if aliases__.is_some() {
                                return Err(serde::de::Error::duplicate_field("aliases"));
                            }
                            aliases__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Origin => {
                            if origin__.is_some() {
                                return Err(serde::de::Error::duplicate_field("origin"));
                            }
                            origin__ = map_.next_value()?;
                        }
                        GeneratedField::EventReviewStates => {
                            if event_review_states__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventReviewStates"));
                            }
                            event_review_states__ = Some(map_.next_value::<Vec<ReviewState>>()?.into_iter().map(|x| x as i32).collect());
                        }
                        GeneratedField::EventAuthors => {
                            if event_authors__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventAuthors"));
                            }
                            event_authors__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExcludeEventAuthors => {
                            if exclude_event_authors__.is_some() {
                                return Err(serde::de::Error::duplicate_field("excludeEventAuthors"));
                            }
                            exclude_event_authors__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventReviewers => {
                            if event_reviewers__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventReviewers"));
                            }
                            event_reviewers__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EventTypes => {
                            if event_types__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eventTypes"));
                            }
                            event_types__ = Some(map_.next_value::<Vec<EventTypeFilter>>()?.into_iter().map(|x| x as i32).collect());
                        }
                        GeneratedField::LatestEventType => {
                            if latest_event_type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("latestEventType"));
                            }
                            latest_event_type__ = map_.next_value::<::std::option::Option<EventTypeFilter>>()?.map(|x| x as i32);
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
                        GeneratedField::Query => {
                            if query__.is_some() {
                                return Err(serde::de::Error::duplicate_field("query"));
                            }
                            query__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(ListAdvisoriesRequest {
                    uidp: uidp__,
                    advisory_ids: advisory_ids__.unwrap_or_default(),
                    legacy_advisory_ids: legacy_advisory_ids__.unwrap_or_default(),
                    artifact_names: artifact_names__.unwrap_or_default(),
                    artifact_types: artifact_types__.unwrap_or_default(),
                    artifact_architectures: artifact_architectures__.unwrap_or_default(),
                    component_names: component_names__.unwrap_or_default(),
                    component_types: component_types__.unwrap_or_default(),
                    component_locations: component_locations__.unwrap_or_default(),
                    aliases: aliases__.unwrap_or_default(),
                    origin: origin__,
                    event_review_states: event_review_states__.unwrap_or_default(),
                    event_authors: event_authors__.unwrap_or_default(),
                    exclude_event_authors: exclude_event_authors__.unwrap_or_default(),
                    event_reviewers: event_reviewers__.unwrap_or_default(),
                    event_types: event_types__.unwrap_or_default(),
                    latest_event_type: latest_event_type__,
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                    query: query__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.ListAdvisoriesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAdvisoriesResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.ListAdvisoriesResponse", len)?;
        if true {
            struct_ser.serialize_field("advisories", &self.advisories)?;
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
impl<'de> serde::Deserialize<'de> for ListAdvisoriesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "advisories",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Advisories,
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
                            "advisories" => Ok(GeneratedField::Advisories),
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
            type Value = ListAdvisoriesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.ListAdvisoriesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAdvisoriesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut advisories__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Advisories => {
                            if advisories__.is_some() {
                                return Err(serde::de::Error::duplicate_field("advisories"));
                            }
                            advisories__ = Some(map_.next_value()?);
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
                Ok(ListAdvisoriesResponse {
                    advisories: advisories__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.ListAdvisoriesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ReviewState {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "REVIEW_STATE_UNSPECIFIED",
            Self::Pending => "REVIEW_STATE_PENDING",
            Self::Approved => "REVIEW_STATE_APPROVED",
            Self::RequestChanges => "REVIEW_STATE_REQUEST_CHANGES",
            Self::Rejected => "REVIEW_STATE_REJECTED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for ReviewState {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "REVIEW_STATE_UNSPECIFIED",
            "REVIEW_STATE_PENDING",
            "REVIEW_STATE_APPROVED",
            "REVIEW_STATE_REQUEST_CHANGES",
            "REVIEW_STATE_REJECTED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = ReviewState;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "REVIEW_STATE_UNSPECIFIED" => Ok(ReviewState::Unspecified),
                    "REVIEW_STATE_PENDING" => Ok(ReviewState::Pending),
                    "REVIEW_STATE_APPROVED" => Ok(ReviewState::Approved),
                    "REVIEW_STATE_REQUEST_CHANGES" => Ok(ReviewState::RequestChanges),
                    "REVIEW_STATE_REJECTED" => Ok(ReviewState::Rejected),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for Severity {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.vulnerabilities.v2beta1.Severity", len)?;
        if true {
            let v = severity::Type::try_from(self.r#type)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.r#type)))?;
            struct_ser.serialize_field("type", &v)?;
        }
        if true {
            struct_ser.serialize_field("score", &self.score)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Severity {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "type",
            "score",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Type,
            Score,
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
                            "type" => Ok(GeneratedField::Type),
                            "score" => Ok(GeneratedField::Score),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Severity;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.vulnerabilities.v2beta1.Severity")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Severity, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut r#type__ = None;
                let mut score__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Type => {
                            if r#type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("type"));
                            }
                            r#type__ = Some(map_.next_value::<severity::Type>()? as i32);
                        }
                        GeneratedField::Score => {
                            if score__.is_some() {
                                return Err(serde::de::Error::duplicate_field("score"));
                            }
                            score__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(Severity {
                    r#type: r#type__.unwrap_or_default(),
                    score: score__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.vulnerabilities.v2beta1.Severity", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for severity::Type {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "TYPE_UNSPECIFIED",
            Self::CvssV2 => "TYPE_CVSS_V2",
            Self::CvssV3 => "TYPE_CVSS_V3",
            Self::CvssV4 => "TYPE_CVSS_V4",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for severity::Type {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "TYPE_UNSPECIFIED",
            "TYPE_CVSS_V2",
            "TYPE_CVSS_V3",
            "TYPE_CVSS_V4",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = severity::Type;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(formatter, "expected one of: {:?}", &FIELDS)
            }

            fn visit_i64<E>(self, v: i64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Signed(v), &self)
                    })
            }

            fn visit_u64<E>(self, v: u64) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                i32::try_from(v)
                    .ok()
                    .and_then(|x| x.try_into().ok())
                    .ok_or_else(|| {
                        serde::de::Error::invalid_value(serde::de::Unexpected::Unsigned(v), &self)
                    })
            }

            fn visit_str<E>(self, value: &str) -> std::result::Result<Self::Value, E>
            where
                E: serde::de::Error,
            {
                match value {
                    "TYPE_UNSPECIFIED" => Ok(severity::Type::Unspecified),
                    "TYPE_CVSS_V2" => Ok(severity::Type::CvssV2),
                    "TYPE_CVSS_V3" => Ok(severity::Type::CvssV3),
                    "TYPE_CVSS_V4" => Ok(severity::Type::CvssV4),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
