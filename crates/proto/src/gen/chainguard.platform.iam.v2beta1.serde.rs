impl serde::Serialize for AcceptTermsRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AcceptTermsRequest", len)?;
        if true {
            struct_ser.serialize_field("group", &self.group)?;
        }
        if true {
            struct_ser.serialize_field("documentIds", &self.document_ids)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AcceptTermsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "group",
            "document_ids",
            "documentIds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Group,
            DocumentIds,
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
                            "group" => Ok(GeneratedField::Group),
                            "documentIds" | "document_ids" => Ok(GeneratedField::DocumentIds),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AcceptTermsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AcceptTermsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AcceptTermsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut group__ = None;
                let mut document_ids__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = Some(map_.next_value()?);
                        }
                        GeneratedField::DocumentIds => {
                            if document_ids__.is_some() {
                                return Err(serde::de::Error::duplicate_field("documentIds"));
                            }
                            document_ids__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AcceptTermsRequest {
                    group: group__.unwrap_or_default(),
                    document_ids: document_ids__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AcceptTermsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AcceptTermsResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AcceptTermsResponse", len)?;
        if true {
            struct_ser.serialize_field("group", &self.group)?;
        }
        if true {
            struct_ser.serialize_field("documentIds", &self.document_ids)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AcceptTermsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "group",
            "document_ids",
            "documentIds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Group,
            DocumentIds,
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
                            "group" => Ok(GeneratedField::Group),
                            "documentIds" | "document_ids" => Ok(GeneratedField::DocumentIds),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AcceptTermsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AcceptTermsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AcceptTermsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut group__ = None;
                let mut document_ids__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = Some(map_.next_value()?);
                        }
                        GeneratedField::DocumentIds => {
                            if document_ids__.is_some() {
                                return Err(serde::de::Error::duplicate_field("documentIds"));
                            }
                            document_ids__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(AcceptTermsResponse {
                    group: group__.unwrap_or_default(),
                    document_ids: document_ids__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AcceptTermsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AccountAssociation {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        if let Some(v) = self.amazon.as_ref() {
            struct_ser.serialize_field("amazon", v)?;
        }
        if let Some(v) = self.google.as_ref() {
            struct_ser.serialize_field("google", v)?;
        }
        if let Some(v) = self.chainguard.as_ref() {
            struct_ser.serialize_field("chainguard", v)?;
        }
        if let Some(v) = self.azure.as_ref() {
            struct_ser.serialize_field("azure", v)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if let Some(v) = self.update_time.as_ref() {
            struct_ser.serialize_field("updateTime", v)?;
        }
        if let Some(v) = self.github.as_ref() {
            struct_ser.serialize_field("github", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for AccountAssociation {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
            "amazon",
            "google",
            "chainguard",
            "azure",
            "create_time",
            "createTime",
            "update_time",
            "updateTime",
            "github",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
            Amazon,
            Google,
            Chainguard,
            Azure,
            CreateTime,
            UpdateTime,
            Github,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "amazon" => Ok(GeneratedField::Amazon),
                            "google" => Ok(GeneratedField::Google),
                            "chainguard" => Ok(GeneratedField::Chainguard),
                            "azure" => Ok(GeneratedField::Azure),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "updateTime" | "update_time" => Ok(GeneratedField::UpdateTime),
                            "github" => Ok(GeneratedField::Github),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = AccountAssociation;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<AccountAssociation, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut amazon__ = None;
                let mut google__ = None;
                let mut chainguard__ = None;
                let mut azure__ = None;
                let mut create_time__ = None;
                let mut update_time__ = None;
                let mut github__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Amazon => {
                            if amazon__.is_some() {
                                return Err(serde::de::Error::duplicate_field("amazon"));
                            }
                            amazon__ = map_.next_value()?;
                        }
                        GeneratedField::Google => {
                            if google__.is_some() {
                                return Err(serde::de::Error::duplicate_field("google"));
                            }
                            google__ = map_.next_value()?;
                        }
                        GeneratedField::Chainguard => {
                            if chainguard__.is_some() {
                                return Err(serde::de::Error::duplicate_field("chainguard"));
                            }
                            chainguard__ = map_.next_value()?;
                        }
                        GeneratedField::Azure => {
                            if azure__.is_some() {
                                return Err(serde::de::Error::duplicate_field("azure"));
                            }
                            azure__ = map_.next_value()?;
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
                        GeneratedField::Github => {
                            if github__.is_some() {
                                return Err(serde::de::Error::duplicate_field("github"));
                            }
                            github__ = map_.next_value()?;
                        }
                    }
                }
                Ok(AccountAssociation {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                    amazon: amazon__,
                    google: google__,
                    chainguard: chainguard__,
                    azure: azure__,
                    create_time: create_time__,
                    update_time: update_time__,
                    github: github__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for account_association::Amazon {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Amazon", len)?;
        if true {
            struct_ser.serialize_field("account", &self.account)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for account_association::Amazon {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "account",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Account,
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
                            "account" => Ok(GeneratedField::Account),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = account_association::Amazon;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation.Amazon")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<account_association::Amazon, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut account__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Account => {
                            if account__.is_some() {
                                return Err(serde::de::Error::duplicate_field("account"));
                            }
                            account__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(account_association::Amazon {
                    account: account__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Amazon", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for account_association::Azure {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Azure", len)?;
        if true {
            struct_ser.serialize_field("tenantId", &self.tenant_id)?;
        }
        if true {
            struct_ser.serialize_field("clientIds", &self.client_ids)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for account_association::Azure {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "tenant_id",
            "tenantId",
            "client_ids",
            "clientIds",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            TenantId,
            ClientIds,
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
                            "tenantId" | "tenant_id" => Ok(GeneratedField::TenantId),
                            "clientIds" | "client_ids" => Ok(GeneratedField::ClientIds),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = account_association::Azure;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation.Azure")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<account_association::Azure, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut tenant_id__ = None;
                let mut client_ids__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::TenantId => {
                            if tenant_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tenantId"));
                            }
                            tenant_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ClientIds => {
                            if client_ids__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clientIds"));
                            }
                            client_ids__ = Some(
                                map_.next_value::<std::collections::BTreeMap<_, _>>()?
                            );
                        }
                    }
                }
                Ok(account_association::Azure {
                    tenant_id: tenant_id__.unwrap_or_default(),
                    client_ids: client_ids__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Azure", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for account_association::Chainguard {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Chainguard", len)?;
        if true {
            struct_ser.serialize_field("serviceBindings", &self.service_bindings)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for account_association::Chainguard {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "service_bindings",
            "serviceBindings",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            ServiceBindings,
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
                            "serviceBindings" | "service_bindings" => Ok(GeneratedField::ServiceBindings),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = account_association::Chainguard;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation.Chainguard")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<account_association::Chainguard, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut service_bindings__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::ServiceBindings => {
                            if service_bindings__.is_some() {
                                return Err(serde::de::Error::duplicate_field("serviceBindings"));
                            }
                            service_bindings__ = Some(
                                map_.next_value::<std::collections::BTreeMap<_, _>>()?
                            );
                        }
                    }
                }
                Ok(account_association::Chainguard {
                    service_bindings: service_bindings__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Chainguard", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for account_association::GitHub {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.GitHub", len)?;
        if true {
            struct_ser.serialize_field("appInstallations", &self.app_installations)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for account_association::GitHub {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "app_installations",
            "appInstallations",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AppInstallations,
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
                            "appInstallations" | "app_installations" => Ok(GeneratedField::AppInstallations),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = account_association::GitHub;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation.GitHub")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<account_association::GitHub, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut app_installations__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AppInstallations => {
                            if app_installations__.is_some() {
                                return Err(serde::de::Error::duplicate_field("appInstallations"));
                            }
                            app_installations__ = Some(
                                map_.next_value::<std::collections::BTreeMap<::pbjson::private::NumberDeserialize<i64>, _>>()?
                                    .into_iter().map(|(k,v)| (k.0, v)).collect()
                            );
                        }
                    }
                }
                Ok(account_association::GitHub {
                    app_installations: app_installations__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.GitHub", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for account_association::GitHubAppInstallations {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.GitHubAppInstallations", len)?;
        if true {
            struct_ser.serialize_field("installations", &self.installations)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for account_association::GitHubAppInstallations {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "installations",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Installations,
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
                            "installations" => Ok(GeneratedField::Installations),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = account_association::GitHubAppInstallations;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation.GitHubAppInstallations")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<account_association::GitHubAppInstallations, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut installations__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Installations => {
                            if installations__.is_some() {
                                return Err(serde::de::Error::duplicate_field("installations"));
                            }
                            installations__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(account_association::GitHubAppInstallations {
                    installations: installations__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.GitHubAppInstallations", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for account_association::GitHubInstallation {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.GitHubInstallation", len)?;
        if true {
            #[allow(clippy::needless_borrow)]
            #[allow(clippy::needless_borrows_for_generic_args)]
            struct_ser.serialize_field("installationId", ToString::to_string(&self.installation_id).as_str())?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for account_association::GitHubInstallation {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "installation_id",
            "installationId",
            "name",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            InstallationId,
            Name,
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
                            "installationId" | "installation_id" => Ok(GeneratedField::InstallationId),
                            "name" => Ok(GeneratedField::Name),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = account_association::GitHubInstallation;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation.GitHubInstallation")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<account_association::GitHubInstallation, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut installation_id__ = None;
                let mut name__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::InstallationId => {
                            if installation_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("installationId"));
                            }
                            installation_id__ = 
                                Some(map_.next_value::<::pbjson::private::NumberDeserialize<_>>()?.0)
                            ;
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(account_association::GitHubInstallation {
                    installation_id: installation_id__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.GitHubInstallation", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for account_association::Google {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Google", len)?;
        if true {
            struct_ser.serialize_field("projectId", &self.project_id)?;
        }
        if true {
            struct_ser.serialize_field("projectNumber", &self.project_number)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for account_association::Google {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "project_id",
            "projectId",
            "project_number",
            "projectNumber",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            ProjectId,
            ProjectNumber,
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
                            "projectId" | "project_id" => Ok(GeneratedField::ProjectId),
                            "projectNumber" | "project_number" => Ok(GeneratedField::ProjectNumber),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = account_association::Google;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.AccountAssociation.Google")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<account_association::Google, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut project_id__ = None;
                let mut project_number__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::ProjectId => {
                            if project_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectId"));
                            }
                            project_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProjectNumber => {
                            if project_number__.is_some() {
                                return Err(serde::de::Error::duplicate_field("projectNumber"));
                            }
                            project_number__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(account_association::Google {
                    project_id: project_id__.unwrap_or_default(),
                    project_number: project_number__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.AccountAssociation.Google", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for AccountProviderType {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "ACCOUNT_PROVIDER_TYPE_UNSPECIFIED",
            Self::Google => "ACCOUNT_PROVIDER_TYPE_GOOGLE",
            Self::Amazon => "ACCOUNT_PROVIDER_TYPE_AMAZON",
            Self::Azure => "ACCOUNT_PROVIDER_TYPE_AZURE",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for AccountProviderType {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ACCOUNT_PROVIDER_TYPE_UNSPECIFIED",
            "ACCOUNT_PROVIDER_TYPE_GOOGLE",
            "ACCOUNT_PROVIDER_TYPE_AMAZON",
            "ACCOUNT_PROVIDER_TYPE_AZURE",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = AccountProviderType;

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
                    "ACCOUNT_PROVIDER_TYPE_UNSPECIFIED" => Ok(AccountProviderType::Unspecified),
                    "ACCOUNT_PROVIDER_TYPE_GOOGLE" => Ok(AccountProviderType::Google),
                    "ACCOUNT_PROVIDER_TYPE_AMAZON" => Ok(AccountProviderType::Amazon),
                    "ACCOUNT_PROVIDER_TYPE_AZURE" => Ok(AccountProviderType::Azure),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for BatchCreateRoleBindingsRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if true {
            struct_ser.serialize_field("requests", &self.requests)?;
        }
        if true {
            struct_ser.serialize_field("roleUid", &self.role_uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BatchCreateRoleBindingsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "requests",
            "role_uid",
            "roleUid",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            Requests,
            RoleUid,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "requests" => Ok(GeneratedField::Requests),
                            "roleUid" | "role_uid" => Ok(GeneratedField::RoleUid),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BatchCreateRoleBindingsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BatchCreateRoleBindingsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut requests__ = None;
                let mut role_uid__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Requests => {
                            if requests__.is_some() {
                                return Err(serde::de::Error::duplicate_field("requests"));
                            }
                            requests__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RoleUid => {
                            if role_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleUid"));
                            }
                            role_uid__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BatchCreateRoleBindingsRequest {
                    parent: parent__.unwrap_or_default(),
                    requests: requests__.unwrap_or_default(),
                    role_uid: role_uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BatchCreateRoleBindingsResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsResponse", len)?;
        if true {
            struct_ser.serialize_field("roleBindings", &self.role_bindings)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BatchCreateRoleBindingsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "role_bindings",
            "roleBindings",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            RoleBindings,
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
                            "roleBindings" | "role_bindings" => Ok(GeneratedField::RoleBindings),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BatchCreateRoleBindingsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BatchCreateRoleBindingsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut role_bindings__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::RoleBindings => {
                            if role_bindings__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleBindings"));
                            }
                            role_bindings__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BatchCreateRoleBindingsResponse {
                    role_bindings: role_bindings__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.BatchCreateRoleBindingsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BatchDeleteExternalGroupRoleMappingsRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if true {
            struct_ser.serialize_field("names", &self.names)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BatchDeleteExternalGroupRoleMappingsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "names",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            Names,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "names" => Ok(GeneratedField::Names),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BatchDeleteExternalGroupRoleMappingsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BatchDeleteExternalGroupRoleMappingsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut names__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Names => {
                            if names__.is_some() {
                                return Err(serde::de::Error::duplicate_field("names"));
                            }
                            names__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BatchDeleteExternalGroupRoleMappingsRequest {
                    parent: parent__.unwrap_or_default(),
                    names: names__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for BatchDeleteExternalGroupRoleMappingsResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsResponse", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if true {
            struct_ser.serialize_field("externalGroupRoleMappings", &self.external_group_role_mappings)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for BatchDeleteExternalGroupRoleMappingsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "external_group_role_mappings",
            "externalGroupRoleMappings",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            ExternalGroupRoleMappings,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "externalGroupRoleMappings" | "external_group_role_mappings" => Ok(GeneratedField::ExternalGroupRoleMappings),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = BatchDeleteExternalGroupRoleMappingsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<BatchDeleteExternalGroupRoleMappingsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut external_group_role_mappings__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExternalGroupRoleMappings => {
                            if external_group_role_mappings__.is_some() {
                                return Err(serde::de::Error::duplicate_field("externalGroupRoleMappings"));
                            }
                            external_group_role_mappings__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(BatchDeleteExternalGroupRoleMappingsResponse {
                    parent: parent__.unwrap_or_default(),
                    external_group_role_mappings: external_group_role_mappings__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.BatchDeleteExternalGroupRoleMappingsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckAccountAssociationRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CheckAccountAssociationRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            let v = AccountProviderType::try_from(self.provider_type)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.provider_type)))?;
            struct_ser.serialize_field("providerType", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CheckAccountAssociationRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "provider_type",
            "providerType",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            ProviderType,
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
                            "providerType" | "provider_type" => Ok(GeneratedField::ProviderType),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CheckAccountAssociationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CheckAccountAssociationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CheckAccountAssociationRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut provider_type__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ProviderType => {
                            if provider_type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("providerType"));
                            }
                            provider_type__ = Some(map_.next_value::<AccountProviderType>()? as i32);
                        }
                    }
                }
                Ok(CheckAccountAssociationRequest {
                    uid: uid__.unwrap_or_default(),
                    provider_type: provider_type__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CheckAccountAssociationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckAccountAssociationResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CheckAccountAssociationResponse", len)?;
        if true {
            let v = CheckStatus::try_from(self.status)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.status)))?;
            struct_ser.serialize_field("status", &v)?;
        }
        if true {
            struct_ser.serialize_field("reason", &self.reason)?;
        }
        if true {
            struct_ser.serialize_field("message", &self.message)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CheckAccountAssociationResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "status",
            "reason",
            "message",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Status,
            Reason,
            Message,
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
                            "status" => Ok(GeneratedField::Status),
                            "reason" => Ok(GeneratedField::Reason),
                            "message" => Ok(GeneratedField::Message),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CheckAccountAssociationResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CheckAccountAssociationResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CheckAccountAssociationResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut status__ = None;
                let mut reason__ = None;
                let mut message__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value::<CheckStatus>()? as i32);
                        }
                        GeneratedField::Reason => {
                            if reason__.is_some() {
                                return Err(serde::de::Error::duplicate_field("reason"));
                            }
                            reason__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Message => {
                            if message__.is_some() {
                                return Err(serde::de::Error::duplicate_field("message"));
                            }
                            message__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(CheckAccountAssociationResponse {
                    status: status__.unwrap_or_default(),
                    reason: reason__.unwrap_or_default(),
                    message: message__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CheckAccountAssociationResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckEligibilityRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CheckEligibilityRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CheckEligibilityRequest {
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
            type Value = CheckEligibilityRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CheckEligibilityRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CheckEligibilityRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(CheckEligibilityRequest {
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CheckEligibilityRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckEligibilityResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CheckEligibilityResponse", len)?;
        if true {
            struct_ser.serialize_field("eligible", &self.eligible)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CheckEligibilityResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "eligible",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Eligible,
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
                            "eligible" => Ok(GeneratedField::Eligible),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CheckEligibilityResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CheckEligibilityResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CheckEligibilityResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut eligible__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Eligible => {
                            if eligible__.is_some() {
                                return Err(serde::de::Error::duplicate_field("eligible"));
                            }
                            eligible__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(CheckEligibilityResponse {
                    eligible: eligible__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CheckEligibilityResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CheckStatus {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "CHECK_STATUS_UNSPECIFIED",
            Self::Ready => "CHECK_STATUS_READY",
            Self::NotReady => "CHECK_STATUS_NOT_READY",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for CheckStatus {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "CHECK_STATUS_UNSPECIFIED",
            "CHECK_STATUS_READY",
            "CHECK_STATUS_NOT_READY",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = CheckStatus;

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
                    "CHECK_STATUS_UNSPECIFIED" => Ok(CheckStatus::Unspecified),
                    "CHECK_STATUS_READY" => Ok(CheckStatus::Ready),
                    "CHECK_STATUS_NOT_READY" => Ok(CheckStatus::NotReady),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for CreateAccountAssociationRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateAccountAssociationRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.account_association.as_ref() {
            struct_ser.serialize_field("accountAssociation", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateAccountAssociationRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "account_association",
            "accountAssociation",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            AccountAssociation,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "accountAssociation" | "account_association" => Ok(GeneratedField::AccountAssociation),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateAccountAssociationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateAccountAssociationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateAccountAssociationRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut account_association__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AccountAssociation => {
                            if account_association__.is_some() {
                                return Err(serde::de::Error::duplicate_field("accountAssociation"));
                            }
                            account_association__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateAccountAssociationRequest {
                    parent: parent__.unwrap_or_default(),
                    account_association: account_association__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateAccountAssociationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateExternalGroupRoleMappingRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateExternalGroupRoleMappingRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.external_group_role_mapping.as_ref() {
            struct_ser.serialize_field("externalGroupRoleMapping", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateExternalGroupRoleMappingRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "external_group_role_mapping",
            "externalGroupRoleMapping",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            ExternalGroupRoleMapping,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "externalGroupRoleMapping" | "external_group_role_mapping" => Ok(GeneratedField::ExternalGroupRoleMapping),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateExternalGroupRoleMappingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateExternalGroupRoleMappingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateExternalGroupRoleMappingRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut external_group_role_mapping__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExternalGroupRoleMapping => {
                            if external_group_role_mapping__.is_some() {
                                return Err(serde::de::Error::duplicate_field("externalGroupRoleMapping"));
                            }
                            external_group_role_mapping__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateExternalGroupRoleMappingRequest {
                    parent: parent__.unwrap_or_default(),
                    external_group_role_mapping: external_group_role_mapping__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateExternalGroupRoleMappingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateGroupInviteRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateGroupInviteRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.group_invite.as_ref() {
            struct_ser.serialize_field("groupInvite", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateGroupInviteRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "group_invite",
            "groupInvite",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            GroupInvite,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "groupInvite" | "group_invite" => Ok(GeneratedField::GroupInvite),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateGroupInviteRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateGroupInviteRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateGroupInviteRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut group_invite__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GroupInvite => {
                            if group_invite__.is_some() {
                                return Err(serde::de::Error::duplicate_field("groupInvite"));
                            }
                            group_invite__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateGroupInviteRequest {
                    parent: parent__.unwrap_or_default(),
                    group_invite: group_invite__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateGroupInviteRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateGroupRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateGroupRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.group.as_ref() {
            struct_ser.serialize_field("group", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateGroupRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "group",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            Group,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "group" => Ok(GeneratedField::Group),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateGroupRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateGroupRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateGroupRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut group__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateGroupRequest {
                    parent: parent__.unwrap_or_default(),
                    group: group__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateGroupRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateIdentityProviderRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateIdentityProviderRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.identity_provider.as_ref() {
            struct_ser.serialize_field("identityProvider", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateIdentityProviderRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "identity_provider",
            "identityProvider",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            IdentityProvider,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "identityProvider" | "identity_provider" => Ok(GeneratedField::IdentityProvider),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateIdentityProviderRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateIdentityProviderRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateIdentityProviderRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut identity_provider__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IdentityProvider => {
                            if identity_provider__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProvider"));
                            }
                            identity_provider__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateIdentityProviderRequest {
                    parent: parent__.unwrap_or_default(),
                    identity_provider: identity_provider__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateIdentityProviderRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateIdentityRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateIdentityRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.identity.as_ref() {
            struct_ser.serialize_field("identity", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateIdentityRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "identity",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            Identity,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "identity" => Ok(GeneratedField::Identity),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateIdentityRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateIdentityRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateIdentityRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut identity__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Identity => {
                            if identity__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identity"));
                            }
                            identity__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateIdentityRequest {
                    parent: parent__.unwrap_or_default(),
                    identity: identity__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateIdentityRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateRoleBindingRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateRoleBindingRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.role_binding.as_ref() {
            struct_ser.serialize_field("roleBinding", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateRoleBindingRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "role_binding",
            "roleBinding",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            RoleBinding,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "roleBinding" | "role_binding" => Ok(GeneratedField::RoleBinding),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateRoleBindingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateRoleBindingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateRoleBindingRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut role_binding__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RoleBinding => {
                            if role_binding__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleBinding"));
                            }
                            role_binding__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateRoleBindingRequest {
                    parent: parent__.unwrap_or_default(),
                    role_binding: role_binding__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateRoleBindingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for CreateRoleRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.CreateRoleRequest", len)?;
        if true {
            struct_ser.serialize_field("parent", &self.parent)?;
        }
        if let Some(v) = self.role.as_ref() {
            struct_ser.serialize_field("role", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for CreateRoleRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "parent",
            "role",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Parent,
            Role,
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
                            "parent" => Ok(GeneratedField::Parent),
                            "role" => Ok(GeneratedField::Role),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = CreateRoleRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.CreateRoleRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<CreateRoleRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut parent__ = None;
                let mut role__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Parent => {
                            if parent__.is_some() {
                                return Err(serde::de::Error::duplicate_field("parent"));
                            }
                            parent__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Role => {
                            if role__.is_some() {
                                return Err(serde::de::Error::duplicate_field("role"));
                            }
                            role__ = map_.next_value()?;
                        }
                    }
                }
                Ok(CreateRoleRequest {
                    parent: parent__.unwrap_or_default(),
                    role: role__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.CreateRoleRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteAccountAssociationRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteAccountAssociationRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteAccountAssociationRequest {
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
            type Value = DeleteAccountAssociationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteAccountAssociationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteAccountAssociationRequest, V::Error>
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
                Ok(DeleteAccountAssociationRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteAccountAssociationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteExternalGroupRoleMappingRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteExternalGroupRoleMappingRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteExternalGroupRoleMappingRequest {
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
            type Value = DeleteExternalGroupRoleMappingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteExternalGroupRoleMappingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteExternalGroupRoleMappingRequest, V::Error>
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
                Ok(DeleteExternalGroupRoleMappingRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteExternalGroupRoleMappingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteGroupInviteRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteGroupInviteRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteGroupInviteRequest {
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
            type Value = DeleteGroupInviteRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteGroupInviteRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteGroupInviteRequest, V::Error>
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
                Ok(DeleteGroupInviteRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteGroupInviteRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteGroupRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteGroupRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteGroupRequest {
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
            type Value = DeleteGroupRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteGroupRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteGroupRequest, V::Error>
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
                Ok(DeleteGroupRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteGroupRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteIdentityProviderRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteIdentityProviderRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteIdentityProviderRequest {
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
            type Value = DeleteIdentityProviderRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteIdentityProviderRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteIdentityProviderRequest, V::Error>
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
                Ok(DeleteIdentityProviderRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteIdentityProviderRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteIdentityRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteIdentityRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteIdentityRequest {
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
            type Value = DeleteIdentityRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteIdentityRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteIdentityRequest, V::Error>
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
                Ok(DeleteIdentityRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteIdentityRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteRoleBindingRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteRoleBindingRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteRoleBindingRequest {
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
            type Value = DeleteRoleBindingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteRoleBindingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteRoleBindingRequest, V::Error>
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
                Ok(DeleteRoleBindingRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteRoleBindingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for DeleteRoleRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.DeleteRoleRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for DeleteRoleRequest {
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
            type Value = DeleteRoleRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.DeleteRoleRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<DeleteRoleRequest, V::Error>
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
                Ok(DeleteRoleRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.DeleteRoleRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ExternalGroupRoleMapping {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ExternalGroupRoleMapping", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if true {
            struct_ser.serialize_field("externalGroupId", &self.external_group_id)?;
        }
        if true {
            struct_ser.serialize_field("roleUid", &self.role_uid)?;
        }
        if true {
            struct_ser.serialize_field("scope", &self.scope)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for ExternalGroupRoleMapping {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "identity_provider_uid",
            "identityProviderUid",
            "external_group_id",
            "externalGroupId",
            "role_uid",
            "roleUid",
            "scope",
            "create_time",
            "createTime",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            IdentityProviderUid,
            ExternalGroupId,
            RoleUid,
            Scope,
            CreateTime,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "externalGroupId" | "external_group_id" => Ok(GeneratedField::ExternalGroupId),
                            "roleUid" | "role_uid" => Ok(GeneratedField::RoleUid),
                            "scope" => Ok(GeneratedField::Scope),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = ExternalGroupRoleMapping;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ExternalGroupRoleMapping")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ExternalGroupRoleMapping, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut identity_provider_uid__ = None;
                let mut external_group_id__ = None;
                let mut role_uid__ = None;
                let mut scope__ = None;
                let mut create_time__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExternalGroupId => {
                            if external_group_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("externalGroupId"));
                            }
                            external_group_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RoleUid => {
                            if role_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleUid"));
                            }
                            role_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Scope => {
                            if scope__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scope"));
                            }
                            scope__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreateTime => {
                            if create_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createTime"));
                            }
                            create_time__ = map_.next_value()?;
                        }
                    }
                }
                Ok(ExternalGroupRoleMapping {
                    uid: uid__.unwrap_or_default(),
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    external_group_id: external_group_id__.unwrap_or_default(),
                    role_uid: role_uid__.unwrap_or_default(),
                    scope: scope__.unwrap_or_default(),
                    create_time: create_time__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ExternalGroupRoleMapping", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GenerateScimTokenRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GenerateScimTokenRequest", len)?;
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if let Some(v) = self.expire_time.as_ref() {
            struct_ser.serialize_field("expireTime", v)?;
        }
        if true {
            struct_ser.serialize_field("neverExpires", &self.never_expires)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GenerateScimTokenRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_provider_uid",
            "identityProviderUid",
            "expire_time",
            "expireTime",
            "never_expires",
            "neverExpires",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProviderUid,
            ExpireTime,
            NeverExpires,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "expireTime" | "expire_time" => Ok(GeneratedField::ExpireTime),
                            "neverExpires" | "never_expires" => Ok(GeneratedField::NeverExpires),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GenerateScimTokenRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GenerateScimTokenRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GenerateScimTokenRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_provider_uid__ = None;
                let mut expire_time__ = None;
                let mut never_expires__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExpireTime => {
                            if expire_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expireTime"));
                            }
                            expire_time__ = map_.next_value()?;
                        }
                        GeneratedField::NeverExpires => {
                            if never_expires__.is_some() {
                                return Err(serde::de::Error::duplicate_field("neverExpires"));
                            }
                            never_expires__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GenerateScimTokenRequest {
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    expire_time: expire_time__,
                    never_expires: never_expires__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GenerateScimTokenRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GenerateScimTokenResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GenerateScimTokenResponse", len)?;
        if true {
            struct_ser.serialize_field("token", &self.token)?;
        }
        if true {
            struct_ser.serialize_field("endpointUrl", &self.endpoint_url)?;
        }
        if let Some(v) = self.expire_time.as_ref() {
            struct_ser.serialize_field("expireTime", v)?;
        }
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if true {
            struct_ser.serialize_field("etag", &self.etag)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GenerateScimTokenResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "token",
            "endpoint_url",
            "endpointUrl",
            "expire_time",
            "expireTime",
            "identity_provider_uid",
            "identityProviderUid",
            "etag",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Token,
            EndpointUrl,
            ExpireTime,
            IdentityProviderUid,
            Etag,
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
                            "token" => Ok(GeneratedField::Token),
                            "endpointUrl" | "endpoint_url" => Ok(GeneratedField::EndpointUrl),
                            "expireTime" | "expire_time" => Ok(GeneratedField::ExpireTime),
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "etag" => Ok(GeneratedField::Etag),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GenerateScimTokenResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GenerateScimTokenResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GenerateScimTokenResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut token__ = None;
                let mut endpoint_url__ = None;
                let mut expire_time__ = None;
                let mut identity_provider_uid__ = None;
                let mut etag__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Token => {
                            if token__.is_some() {
                                return Err(serde::de::Error::duplicate_field("token"));
                            }
                            token__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EndpointUrl => {
                            if endpoint_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("endpointUrl"));
                            }
                            endpoint_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExpireTime => {
                            if expire_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expireTime"));
                            }
                            expire_time__ = map_.next_value()?;
                        }
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Etag => {
                            if etag__.is_some() {
                                return Err(serde::de::Error::duplicate_field("etag"));
                            }
                            etag__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(GenerateScimTokenResponse {
                    token: token__.unwrap_or_default(),
                    endpoint_url: endpoint_url__.unwrap_or_default(),
                    expire_time: expire_time__,
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    etag: etag__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GenerateScimTokenResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetAccountAssociationRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetAccountAssociationRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetAccountAssociationRequest {
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
            type Value = GetAccountAssociationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetAccountAssociationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetAccountAssociationRequest, V::Error>
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
                Ok(GetAccountAssociationRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetAccountAssociationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetExternalGroupRoleMappingRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetExternalGroupRoleMappingRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetExternalGroupRoleMappingRequest {
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
            type Value = GetExternalGroupRoleMappingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetExternalGroupRoleMappingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetExternalGroupRoleMappingRequest, V::Error>
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
                Ok(GetExternalGroupRoleMappingRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetExternalGroupRoleMappingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetGroupInviteRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetGroupInviteRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetGroupInviteRequest {
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
            type Value = GetGroupInviteRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetGroupInviteRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetGroupInviteRequest, V::Error>
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
                Ok(GetGroupInviteRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetGroupInviteRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetGroupRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetGroupRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetGroupRequest {
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
            type Value = GetGroupRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetGroupRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetGroupRequest, V::Error>
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
                Ok(GetGroupRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetGroupRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetIdentityProviderRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetIdentityProviderRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetIdentityProviderRequest {
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
            type Value = GetIdentityProviderRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetIdentityProviderRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetIdentityProviderRequest, V::Error>
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
                Ok(GetIdentityProviderRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetIdentityProviderRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetIdentityRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetIdentityRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetIdentityRequest {
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
            type Value = GetIdentityRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetIdentityRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetIdentityRequest, V::Error>
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
                Ok(GetIdentityRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetIdentityRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetRoleBindingRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetRoleBindingRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetRoleBindingRequest {
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
            type Value = GetRoleBindingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetRoleBindingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetRoleBindingRequest, V::Error>
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
                Ok(GetRoleBindingRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetRoleBindingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GetRoleRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GetRoleRequest", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GetRoleRequest {
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
            type Value = GetRoleRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GetRoleRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GetRoleRequest, V::Error>
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
                Ok(GetRoleRequest {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GetRoleRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Group {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.Group", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        if true {
            struct_ser.serialize_field("resourceLimits", &self.resource_limits)?;
        }
        if true {
            struct_ser.serialize_field("verified", &self.verified)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if let Some(v) = self.update_time.as_ref() {
            struct_ser.serialize_field("updateTime", v)?;
        }
        if true {
            let v = OrgKind::try_from(self.kind)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.kind)))?;
            struct_ser.serialize_field("kind", &v)?;
        }
        if true {
            let v = OrgStatus::try_from(self.status)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.status)))?;
            struct_ser.serialize_field("status", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Group {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
            "resource_limits",
            "resourceLimits",
            "verified",
            "create_time",
            "createTime",
            "update_time",
            "updateTime",
            "kind",
            "status",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
            ResourceLimits,
            Verified,
            CreateTime,
            UpdateTime,
            Kind,
            Status,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "resourceLimits" | "resource_limits" => Ok(GeneratedField::ResourceLimits),
                            "verified" => Ok(GeneratedField::Verified),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "updateTime" | "update_time" => Ok(GeneratedField::UpdateTime),
                            "kind" => Ok(GeneratedField::Kind),
                            "status" => Ok(GeneratedField::Status),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Group;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.Group")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Group, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut resource_limits__ = None;
                let mut verified__ = None;
                let mut create_time__ = None;
                let mut update_time__ = None;
                let mut kind__ = None;
                let mut status__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ResourceLimits => {
                            if resource_limits__.is_some() {
                                return Err(serde::de::Error::duplicate_field("resourceLimits"));
                            }
                            resource_limits__ = Some(
                                map_.next_value::<std::collections::BTreeMap<_, ::pbjson::private::NumberDeserialize<i32>>>()?
                                    .into_iter().map(|(k,v)| (k, v.0)).collect()
                            );
                        }
                        GeneratedField::Verified => {
                            if verified__.is_some() {
                                return Err(serde::de::Error::duplicate_field("verified"));
                            }
                            verified__ = Some(map_.next_value()?);
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
                        GeneratedField::Kind => {
                            if kind__.is_some() {
                                return Err(serde::de::Error::duplicate_field("kind"));
                            }
                            kind__ = Some(map_.next_value::<OrgKind>()? as i32);
                        }
                        GeneratedField::Status => {
                            if status__.is_some() {
                                return Err(serde::de::Error::duplicate_field("status"));
                            }
                            status__ = Some(map_.next_value::<OrgStatus>()? as i32);
                        }
                    }
                }
                Ok(Group {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                    resource_limits: resource_limits__.unwrap_or_default(),
                    verified: verified__.unwrap_or_default(),
                    create_time: create_time__,
                    update_time: update_time__,
                    kind: kind__.unwrap_or_default(),
                    status: status__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.Group", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GroupInvite {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GroupInvite", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("roleUid", &self.role_uid)?;
        }
        if let Some(v) = self.role.as_ref() {
            struct_ser.serialize_field("role", v)?;
        }
        if true {
            struct_ser.serialize_field("email", &self.email)?;
        }
        if let Some(v) = self.ttl.as_ref() {
            struct_ser.serialize_field("ttl", v)?;
        }
        if let Some(v) = self.expiration_time.as_ref() {
            struct_ser.serialize_field("expirationTime", v)?;
        }
        if true {
            struct_ser.serialize_field("singleUse", &self.single_use)?;
        }
        if true {
            struct_ser.serialize_field("code", &self.code)?;
        }
        if true {
            struct_ser.serialize_field("keyId", &self.key_id)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GroupInvite {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "role_uid",
            "roleUid",
            "role",
            "email",
            "ttl",
            "expiration_time",
            "expirationTime",
            "single_use",
            "singleUse",
            "code",
            "key_id",
            "keyId",
            "create_time",
            "createTime",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            RoleUid,
            Role,
            Email,
            Ttl,
            ExpirationTime,
            SingleUse,
            Code,
            KeyId,
            CreateTime,
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
                            "roleUid" | "role_uid" => Ok(GeneratedField::RoleUid),
                            "role" => Ok(GeneratedField::Role),
                            "email" => Ok(GeneratedField::Email),
                            "ttl" => Ok(GeneratedField::Ttl),
                            "expirationTime" | "expiration_time" => Ok(GeneratedField::ExpirationTime),
                            "singleUse" | "single_use" => Ok(GeneratedField::SingleUse),
                            "code" => Ok(GeneratedField::Code),
                            "keyId" | "key_id" => Ok(GeneratedField::KeyId),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GroupInvite;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GroupInvite")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GroupInvite, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut role_uid__ = None;
                let mut role__ = None;
                let mut email__ = None;
                let mut ttl__ = None;
                let mut expiration_time__ = None;
                let mut single_use__ = None;
                let mut code__ = None;
                let mut key_id__ = None;
                let mut create_time__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RoleUid => {
                            if role_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleUid"));
                            }
                            role_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Role => {
                            if role__.is_some() {
                                return Err(serde::de::Error::duplicate_field("role"));
                            }
                            role__ = map_.next_value()?;
                        }
                        GeneratedField::Email => {
                            if email__.is_some() {
                                return Err(serde::de::Error::duplicate_field("email"));
                            }
                            email__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Ttl => {
                            if ttl__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ttl"));
                            }
                            ttl__ = map_.next_value()?;
                        }
                        GeneratedField::ExpirationTime => {
                            if expiration_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expirationTime"));
                            }
                            expiration_time__ = map_.next_value()?;
                        }
                        GeneratedField::SingleUse => {
                            if single_use__.is_some() {
                                return Err(serde::de::Error::duplicate_field("singleUse"));
                            }
                            single_use__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Code => {
                            if code__.is_some() {
                                return Err(serde::de::Error::duplicate_field("code"));
                            }
                            code__ = Some(map_.next_value()?);
                        }
                        GeneratedField::KeyId => {
                            if key_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("keyId"));
                            }
                            key_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreateTime => {
                            if create_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createTime"));
                            }
                            create_time__ = map_.next_value()?;
                        }
                    }
                }
                Ok(GroupInvite {
                    uid: uid__.unwrap_or_default(),
                    role_uid: role_uid__.unwrap_or_default(),
                    role: role__,
                    email: email__.unwrap_or_default(),
                    ttl: ttl__,
                    expiration_time: expiration_time__,
                    single_use: single_use__.unwrap_or_default(),
                    code: code__.unwrap_or_default(),
                    key_id: key_id__.unwrap_or_default(),
                    create_time: create_time__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GroupInvite", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for GroupInviteRole {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.GroupInviteRole", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        if true {
            let v = self.capabilities.iter().cloned().map(|v| {
                super::super::super::capabilities::Capability::try_from(v)
                    .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", v)))
                }).collect::<std::result::Result<Vec<_>, _>>()?;
            struct_ser.serialize_field("capabilities", &v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for GroupInviteRole {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
            "capabilities",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
            Capabilities,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "capabilities" => Ok(GeneratedField::Capabilities),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = GroupInviteRole;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.GroupInviteRole")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<GroupInviteRole, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut capabilities__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Capabilities => {
                            if capabilities__.is_some() {
                                return Err(serde::de::Error::duplicate_field("capabilities"));
                            }
                            capabilities__ = Some(map_.next_value::<Vec<super::super::super::capabilities::Capability>>()?.into_iter().map(|x| x as i32).collect());
                        }
                    }
                }
                Ok(GroupInviteRole {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                    capabilities: capabilities__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.GroupInviteRole", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Identity {
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
        if self.relationship.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.Identity", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        if true {
            struct_ser.serialize_field("email", &self.email)?;
        }
        if true {
            struct_ser.serialize_field("emailUnverified", &self.email_unverified)?;
        }
        if true {
            struct_ser.serialize_field("company", &self.company)?;
        }
        if let Some(v) = self.last_seen_time.as_ref() {
            struct_ser.serialize_field("lastSeenTime", v)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if let Some(v) = self.update_time.as_ref() {
            struct_ser.serialize_field("updateTime", v)?;
        }
        if let Some(v) = self.relationship.as_ref() {
            match v {
                identity::Relationship::ClaimMatch(v) => {
                    struct_ser.serialize_field("claimMatch", v)?;
                }
                identity::Relationship::StaticKeys(v) => {
                    struct_ser.serialize_field("staticKeys", v)?;
                }
                identity::Relationship::AwsIdentity(v) => {
                    struct_ser.serialize_field("awsIdentity", v)?;
                }
                identity::Relationship::ServicePrincipal(v) => {
                    let v = ServicePrincipal::try_from(*v)
                        .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", *v)))?;
                    struct_ser.serialize_field("servicePrincipal", &v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Identity {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
            "email",
            "email_unverified",
            "emailUnverified",
            "company",
            "last_seen_time",
            "lastSeenTime",
            "create_time",
            "createTime",
            "update_time",
            "updateTime",
            "claim_match",
            "claimMatch",
            "static_keys",
            "staticKeys",
            "aws_identity",
            "awsIdentity",
            "service_principal",
            "servicePrincipal",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
            Email,
            EmailUnverified,
            Company,
            LastSeenTime,
            CreateTime,
            UpdateTime,
            ClaimMatch,
            StaticKeys,
            AwsIdentity,
            ServicePrincipal,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "email" => Ok(GeneratedField::Email),
                            "emailUnverified" | "email_unverified" => Ok(GeneratedField::EmailUnverified),
                            "company" => Ok(GeneratedField::Company),
                            "lastSeenTime" | "last_seen_time" => Ok(GeneratedField::LastSeenTime),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "updateTime" | "update_time" => Ok(GeneratedField::UpdateTime),
                            "claimMatch" | "claim_match" => Ok(GeneratedField::ClaimMatch),
                            "staticKeys" | "static_keys" => Ok(GeneratedField::StaticKeys),
                            "awsIdentity" | "aws_identity" => Ok(GeneratedField::AwsIdentity),
                            "servicePrincipal" | "service_principal" => Ok(GeneratedField::ServicePrincipal),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Identity;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.Identity")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Identity, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut email__ = None;
                let mut email_unverified__ = None;
                let mut company__ = None;
                let mut last_seen_time__ = None;
                let mut create_time__ = None;
                let mut update_time__ = None;
                let mut relationship__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Email => {
                            if email__.is_some() {
                                return Err(serde::de::Error::duplicate_field("email"));
                            }
                            email__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EmailUnverified => {
                            if email_unverified__.is_some() {
                                return Err(serde::de::Error::duplicate_field("emailUnverified"));
                            }
                            email_unverified__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Company => {
                            if company__.is_some() {
                                return Err(serde::de::Error::duplicate_field("company"));
                            }
                            company__ = Some(map_.next_value()?);
                        }
                        GeneratedField::LastSeenTime => {
                            if last_seen_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("lastSeenTime"));
                            }
                            last_seen_time__ = map_.next_value()?;
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
                        GeneratedField::ClaimMatch => {
                            if relationship__.is_some() {
                                return Err(serde::de::Error::duplicate_field("claimMatch"));
                            }
                            relationship__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::Relationship::ClaimMatch)
;
                        }
                        GeneratedField::StaticKeys => {
                            if relationship__.is_some() {
                                return Err(serde::de::Error::duplicate_field("staticKeys"));
                            }
                            relationship__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::Relationship::StaticKeys)
;
                        }
                        GeneratedField::AwsIdentity => {
                            if relationship__.is_some() {
                                return Err(serde::de::Error::duplicate_field("awsIdentity"));
                            }
                            relationship__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::Relationship::AwsIdentity)
;
                        }
                        GeneratedField::ServicePrincipal => {
                            if relationship__.is_some() {
                                return Err(serde::de::Error::duplicate_field("servicePrincipal"));
                            }
                            relationship__ = map_.next_value::<::std::option::Option<ServicePrincipal>>()?.map(|x| identity::Relationship::ServicePrincipal(x as i32));
                        }
                    }
                }
                Ok(Identity {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                    email: email__.unwrap_or_default(),
                    email_unverified: email_unverified__.unwrap_or_default(),
                    company: company__.unwrap_or_default(),
                    last_seen_time: last_seen_time__,
                    create_time: create_time__,
                    update_time: update_time__,
                    relationship: relationship__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.Identity", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for identity::AwsIdentity {
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
        if self.aws_arn.is_some() {
            len += 1;
        }
        if self.aws_user_id.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.Identity.AWSIdentity", len)?;
        if true {
            struct_ser.serialize_field("awsAccount", &self.aws_account)?;
        }
        if let Some(v) = self.aws_arn.as_ref() {
            match v {
                identity::aws_identity::AwsArn::Arn(v) => {
                    struct_ser.serialize_field("arn", v)?;
                }
                identity::aws_identity::AwsArn::ArnPattern(v) => {
                    struct_ser.serialize_field("arnPattern", v)?;
                }
            }
        }
        if let Some(v) = self.aws_user_id.as_ref() {
            match v {
                identity::aws_identity::AwsUserId::UserId(v) => {
                    struct_ser.serialize_field("userId", v)?;
                }
                identity::aws_identity::AwsUserId::UserIdPattern(v) => {
                    struct_ser.serialize_field("userIdPattern", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for identity::AwsIdentity {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "aws_account",
            "awsAccount",
            "arn",
            "arn_pattern",
            "arnPattern",
            "user_id",
            "userId",
            "user_id_pattern",
            "userIdPattern",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AwsAccount,
            Arn,
            ArnPattern,
            UserId,
            UserIdPattern,
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
                            "awsAccount" | "aws_account" => Ok(GeneratedField::AwsAccount),
                            "arn" => Ok(GeneratedField::Arn),
                            "arnPattern" | "arn_pattern" => Ok(GeneratedField::ArnPattern),
                            "userId" | "user_id" => Ok(GeneratedField::UserId),
                            "userIdPattern" | "user_id_pattern" => Ok(GeneratedField::UserIdPattern),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = identity::AwsIdentity;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.Identity.AWSIdentity")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<identity::AwsIdentity, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut aws_account__ = None;
                let mut aws_arn__ = None;
                let mut aws_user_id__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AwsAccount => {
                            if aws_account__.is_some() {
                                return Err(serde::de::Error::duplicate_field("awsAccount"));
                            }
                            aws_account__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Arn => {
                            if aws_arn__.is_some() {
                                return Err(serde::de::Error::duplicate_field("arn"));
                            }
                            aws_arn__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::aws_identity::AwsArn::Arn);
                        }
                        GeneratedField::ArnPattern => {
                            if aws_arn__.is_some() {
                                return Err(serde::de::Error::duplicate_field("arnPattern"));
                            }
                            aws_arn__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::aws_identity::AwsArn::ArnPattern);
                        }
                        GeneratedField::UserId => {
                            if aws_user_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("userId"));
                            }
                            aws_user_id__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::aws_identity::AwsUserId::UserId);
                        }
                        GeneratedField::UserIdPattern => {
                            if aws_user_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("userIdPattern"));
                            }
                            aws_user_id__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::aws_identity::AwsUserId::UserIdPattern);
                        }
                    }
                }
                Ok(identity::AwsIdentity {
                    aws_account: aws_account__.unwrap_or_default(),
                    aws_arn: aws_arn__,
                    aws_user_id: aws_user_id__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.Identity.AWSIdentity", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for identity::ClaimMatch {
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
        if self.iss.is_some() {
            len += 1;
        }
        if self.sub.is_some() {
            len += 1;
        }
        if self.aud.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.Identity.ClaimMatch", len)?;
        if true {
            struct_ser.serialize_field("claims", &self.claims)?;
        }
        if true {
            struct_ser.serialize_field("claimPatterns", &self.claim_patterns)?;
        }
        if let Some(v) = self.iss.as_ref() {
            match v {
                identity::claim_match::Iss::Issuer(v) => {
                    struct_ser.serialize_field("issuer", v)?;
                }
                identity::claim_match::Iss::IssuerPattern(v) => {
                    struct_ser.serialize_field("issuerPattern", v)?;
                }
            }
        }
        if let Some(v) = self.sub.as_ref() {
            match v {
                identity::claim_match::Sub::Subject(v) => {
                    struct_ser.serialize_field("subject", v)?;
                }
                identity::claim_match::Sub::SubjectPattern(v) => {
                    struct_ser.serialize_field("subjectPattern", v)?;
                }
            }
        }
        if let Some(v) = self.aud.as_ref() {
            match v {
                identity::claim_match::Aud::Audience(v) => {
                    struct_ser.serialize_field("audience", v)?;
                }
                identity::claim_match::Aud::AudiencePattern(v) => {
                    struct_ser.serialize_field("audiencePattern", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for identity::ClaimMatch {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "claims",
            "claim_patterns",
            "claimPatterns",
            "issuer",
            "issuer_pattern",
            "issuerPattern",
            "subject",
            "subject_pattern",
            "subjectPattern",
            "audience",
            "audience_pattern",
            "audiencePattern",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Claims,
            ClaimPatterns,
            Issuer,
            IssuerPattern,
            Subject,
            SubjectPattern,
            Audience,
            AudiencePattern,
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
                            "claims" => Ok(GeneratedField::Claims),
                            "claimPatterns" | "claim_patterns" => Ok(GeneratedField::ClaimPatterns),
                            "issuer" => Ok(GeneratedField::Issuer),
                            "issuerPattern" | "issuer_pattern" => Ok(GeneratedField::IssuerPattern),
                            "subject" => Ok(GeneratedField::Subject),
                            "subjectPattern" | "subject_pattern" => Ok(GeneratedField::SubjectPattern),
                            "audience" => Ok(GeneratedField::Audience),
                            "audiencePattern" | "audience_pattern" => Ok(GeneratedField::AudiencePattern),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = identity::ClaimMatch;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.Identity.ClaimMatch")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<identity::ClaimMatch, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut claims__ = None;
                let mut claim_patterns__ = None;
                let mut iss__ = None;
                let mut sub__ = None;
                let mut aud__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Claims => {
                            if claims__.is_some() {
                                return Err(serde::de::Error::duplicate_field("claims"));
                            }
                            claims__ = Some(
                                map_.next_value::<std::collections::BTreeMap<_, _>>()?
                            );
                        }
                        GeneratedField::ClaimPatterns => {
                            if claim_patterns__.is_some() {
                                return Err(serde::de::Error::duplicate_field("claimPatterns"));
                            }
                            claim_patterns__ = Some(
                                map_.next_value::<std::collections::BTreeMap<_, _>>()?
                            );
                        }
                        GeneratedField::Issuer => {
                            if iss__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issuer"));
                            }
                            iss__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::claim_match::Iss::Issuer);
                        }
                        GeneratedField::IssuerPattern => {
                            if iss__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issuerPattern"));
                            }
                            iss__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::claim_match::Iss::IssuerPattern);
                        }
                        GeneratedField::Subject => {
                            if sub__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            sub__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::claim_match::Sub::Subject);
                        }
                        GeneratedField::SubjectPattern => {
                            if sub__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subjectPattern"));
                            }
                            sub__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::claim_match::Sub::SubjectPattern);
                        }
                        GeneratedField::Audience => {
                            if aud__.is_some() {
                                return Err(serde::de::Error::duplicate_field("audience"));
                            }
                            aud__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::claim_match::Aud::Audience);
                        }
                        GeneratedField::AudiencePattern => {
                            if aud__.is_some() {
                                return Err(serde::de::Error::duplicate_field("audiencePattern"));
                            }
                            aud__ = map_.next_value::<::std::option::Option<_>>()?.map(identity::claim_match::Aud::AudiencePattern);
                        }
                    }
                }
                Ok(identity::ClaimMatch {
                    claims: claims__.unwrap_or_default(),
                    claim_patterns: claim_patterns__.unwrap_or_default(),
                    iss: iss__,
                    sub: sub__,
                    aud: aud__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.Identity.ClaimMatch", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for identity::StaticKeys {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.Identity.StaticKeys", len)?;
        if true {
            struct_ser.serialize_field("issuer", &self.issuer)?;
        }
        if true {
            struct_ser.serialize_field("subject", &self.subject)?;
        }
        if true {
            struct_ser.serialize_field("issuerKeys", &self.issuer_keys)?;
        }
        if let Some(v) = self.expiration_time.as_ref() {
            struct_ser.serialize_field("expirationTime", v)?;
        }
        if true {
            struct_ser.serialize_field("audiences", &self.audiences)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for identity::StaticKeys {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issuer",
            "subject",
            "issuer_keys",
            "issuerKeys",
            "expiration_time",
            "expirationTime",
            "audiences",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issuer,
            Subject,
            IssuerKeys,
            ExpirationTime,
            Audiences,
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
                            "issuer" => Ok(GeneratedField::Issuer),
                            "subject" => Ok(GeneratedField::Subject),
                            "issuerKeys" | "issuer_keys" => Ok(GeneratedField::IssuerKeys),
                            "expirationTime" | "expiration_time" => Ok(GeneratedField::ExpirationTime),
                            "audiences" => Ok(GeneratedField::Audiences),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = identity::StaticKeys;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.Identity.StaticKeys")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<identity::StaticKeys, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issuer__ = None;
                let mut subject__ = None;
                let mut issuer_keys__ = None;
                let mut expiration_time__ = None;
                let mut audiences__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issuer => {
                            if issuer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issuer"));
                            }
                            issuer__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subject => {
                            if subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            subject__ = Some(map_.next_value()?);
                        }
                        GeneratedField::IssuerKeys => {
                            if issuer_keys__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issuerKeys"));
                            }
                            issuer_keys__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExpirationTime => {
                            if expiration_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expirationTime"));
                            }
                            expiration_time__ = map_.next_value()?;
                        }
                        GeneratedField::Audiences => {
                            if audiences__.is_some() {
                                return Err(serde::de::Error::duplicate_field("audiences"));
                            }
                            audiences__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(identity::StaticKeys {
                    issuer: issuer__.unwrap_or_default(),
                    subject: subject__.unwrap_or_default(),
                    issuer_keys: issuer_keys__.unwrap_or_default(),
                    expiration_time: expiration_time__,
                    audiences: audiences__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.Identity.StaticKeys", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IdentityMetadata {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.IdentityMetadata", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("givenName", &self.given_name)?;
        }
        if true {
            struct_ser.serialize_field("familyName", &self.family_name)?;
        }
        if true {
            struct_ser.serialize_field("company", &self.company)?;
        }
        if true {
            struct_ser.serialize_field("updatesOptIn", &self.updates_opt_in)?;
        }
        if true {
            struct_ser.serialize_field("product", &self.product)?;
        }
        if true {
            struct_ser.serialize_field("jobTitle", &self.job_title)?;
        }
        if true {
            struct_ser.serialize_field("utmCampaign", &self.utm_campaign)?;
        }
        if true {
            struct_ser.serialize_field("utmContent", &self.utm_content)?;
        }
        if true {
            struct_ser.serialize_field("utmMedium", &self.utm_medium)?;
        }
        if true {
            struct_ser.serialize_field("utmSource", &self.utm_source)?;
        }
        if true {
            struct_ser.serialize_field("utmTerm", &self.utm_term)?;
        }
        if true {
            struct_ser.serialize_field("latestFormSubmitUrl", &self.latest_form_submit_url)?;
        }
        if true {
            struct_ser.serialize_field("latestInternalReferringUrl", &self.latest_internal_referring_url)?;
        }
        if true {
            struct_ser.serialize_field("hubspotUtk", &self.hubspot_utk)?;
        }
        if true {
            struct_ser.serialize_field("selfServe", &self.self_serve)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IdentityMetadata {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "given_name",
            "givenName",
            "family_name",
            "familyName",
            "company",
            "updates_opt_in",
            "updatesOptIn",
            "product",
            "job_title",
            "jobTitle",
            "utm_campaign",
            "utmCampaign",
            "utm_content",
            "utmContent",
            "utm_medium",
            "utmMedium",
            "utm_source",
            "utmSource",
            "utm_term",
            "utmTerm",
            "latest_form_submit_url",
            "latestFormSubmitUrl",
            "latest_internal_referring_url",
            "latestInternalReferringUrl",
            "hubspot_utk",
            "hubspotUtk",
            "self_serve",
            "selfServe",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            GivenName,
            FamilyName,
            Company,
            UpdatesOptIn,
            Product,
            JobTitle,
            UtmCampaign,
            UtmContent,
            UtmMedium,
            UtmSource,
            UtmTerm,
            LatestFormSubmitUrl,
            LatestInternalReferringUrl,
            HubspotUtk,
            SelfServe,
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
                            "name" => Ok(GeneratedField::Name),
                            "givenName" | "given_name" => Ok(GeneratedField::GivenName),
                            "familyName" | "family_name" => Ok(GeneratedField::FamilyName),
                            "company" => Ok(GeneratedField::Company),
                            "updatesOptIn" | "updates_opt_in" => Ok(GeneratedField::UpdatesOptIn),
                            "product" => Ok(GeneratedField::Product),
                            "jobTitle" | "job_title" => Ok(GeneratedField::JobTitle),
                            "utmCampaign" | "utm_campaign" => Ok(GeneratedField::UtmCampaign),
                            "utmContent" | "utm_content" => Ok(GeneratedField::UtmContent),
                            "utmMedium" | "utm_medium" => Ok(GeneratedField::UtmMedium),
                            "utmSource" | "utm_source" => Ok(GeneratedField::UtmSource),
                            "utmTerm" | "utm_term" => Ok(GeneratedField::UtmTerm),
                            "latestFormSubmitUrl" | "latest_form_submit_url" => Ok(GeneratedField::LatestFormSubmitUrl),
                            "latestInternalReferringUrl" | "latest_internal_referring_url" => Ok(GeneratedField::LatestInternalReferringUrl),
                            "hubspotUtk" | "hubspot_utk" => Ok(GeneratedField::HubspotUtk),
                            "selfServe" | "self_serve" => Ok(GeneratedField::SelfServe),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IdentityMetadata;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.IdentityMetadata")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IdentityMetadata, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut given_name__ = None;
                let mut family_name__ = None;
                let mut company__ = None;
                let mut updates_opt_in__ = None;
                let mut product__ = None;
                let mut job_title__ = None;
                let mut utm_campaign__ = None;
                let mut utm_content__ = None;
                let mut utm_medium__ = None;
                let mut utm_source__ = None;
                let mut utm_term__ = None;
                let mut latest_form_submit_url__ = None;
                let mut latest_internal_referring_url__ = None;
                let mut hubspot_utk__ = None;
                let mut self_serve__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GivenName => {
                            if given_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("givenName"));
                            }
                            given_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::FamilyName => {
                            if family_name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("familyName"));
                            }
                            family_name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Company => {
                            if company__.is_some() {
                                return Err(serde::de::Error::duplicate_field("company"));
                            }
                            company__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UpdatesOptIn => {
                            if updates_opt_in__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updatesOptIn"));
                            }
                            updates_opt_in__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Product => {
                            if product__.is_some() {
                                return Err(serde::de::Error::duplicate_field("product"));
                            }
                            product__ = Some(map_.next_value()?);
                        }
                        GeneratedField::JobTitle => {
                            if job_title__.is_some() {
                                return Err(serde::de::Error::duplicate_field("jobTitle"));
                            }
                            job_title__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UtmCampaign => {
                            if utm_campaign__.is_some() {
                                return Err(serde::de::Error::duplicate_field("utmCampaign"));
                            }
                            utm_campaign__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UtmContent => {
                            if utm_content__.is_some() {
                                return Err(serde::de::Error::duplicate_field("utmContent"));
                            }
                            utm_content__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UtmMedium => {
                            if utm_medium__.is_some() {
                                return Err(serde::de::Error::duplicate_field("utmMedium"));
                            }
                            utm_medium__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UtmSource => {
                            if utm_source__.is_some() {
                                return Err(serde::de::Error::duplicate_field("utmSource"));
                            }
                            utm_source__ = Some(map_.next_value()?);
                        }
                        GeneratedField::UtmTerm => {
                            if utm_term__.is_some() {
                                return Err(serde::de::Error::duplicate_field("utmTerm"));
                            }
                            utm_term__ = Some(map_.next_value()?);
                        }
                        GeneratedField::LatestFormSubmitUrl => {
                            if latest_form_submit_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("latestFormSubmitUrl"));
                            }
                            latest_form_submit_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::LatestInternalReferringUrl => {
                            if latest_internal_referring_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("latestInternalReferringUrl"));
                            }
                            latest_internal_referring_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::HubspotUtk => {
                            if hubspot_utk__.is_some() {
                                return Err(serde::de::Error::duplicate_field("hubspotUtk"));
                            }
                            hubspot_utk__ = Some(map_.next_value()?);
                        }
                        GeneratedField::SelfServe => {
                            if self_serve__.is_some() {
                                return Err(serde::de::Error::duplicate_field("selfServe"));
                            }
                            self_serve__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(IdentityMetadata {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    given_name: given_name__.unwrap_or_default(),
                    family_name: family_name__.unwrap_or_default(),
                    company: company__.unwrap_or_default(),
                    updates_opt_in: updates_opt_in__.unwrap_or_default(),
                    product: product__.unwrap_or_default(),
                    job_title: job_title__.unwrap_or_default(),
                    utm_campaign: utm_campaign__.unwrap_or_default(),
                    utm_content: utm_content__.unwrap_or_default(),
                    utm_medium: utm_medium__.unwrap_or_default(),
                    utm_source: utm_source__.unwrap_or_default(),
                    utm_term: utm_term__.unwrap_or_default(),
                    latest_form_submit_url: latest_form_submit_url__.unwrap_or_default(),
                    latest_internal_referring_url: latest_internal_referring_url__.unwrap_or_default(),
                    hubspot_utk: hubspot_utk__.unwrap_or_default(),
                    self_serve: self_serve__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.IdentityMetadata", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for IdentityProvider {
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
        if self.configuration.is_some() {
            len += 1;
        }
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.IdentityProvider", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if let Some(v) = self.update_time.as_ref() {
            struct_ser.serialize_field("updateTime", v)?;
        }
        if true {
            struct_ser.serialize_field("defaultRole", &self.default_role)?;
        }
        if let Some(v) = self.scim.as_ref() {
            struct_ser.serialize_field("scim", v)?;
        }
        if let Some(v) = self.configuration.as_ref() {
            match v {
                identity_provider::Configuration::Oidc(v) => {
                    struct_ser.serialize_field("oidc", v)?;
                }
            }
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for IdentityProvider {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
            "create_time",
            "createTime",
            "update_time",
            "updateTime",
            "default_role",
            "defaultRole",
            "scim",
            "oidc",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
            CreateTime,
            UpdateTime,
            DefaultRole,
            Scim,
            Oidc,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "updateTime" | "update_time" => Ok(GeneratedField::UpdateTime),
                            "defaultRole" | "default_role" => Ok(GeneratedField::DefaultRole),
                            "scim" => Ok(GeneratedField::Scim),
                            "oidc" => Ok(GeneratedField::Oidc),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = IdentityProvider;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.IdentityProvider")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<IdentityProvider, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut create_time__ = None;
                let mut update_time__ = None;
                let mut default_role__ = None;
                let mut scim__ = None;
                let mut configuration__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
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
                        GeneratedField::DefaultRole => {
                            if default_role__.is_some() {
                                return Err(serde::de::Error::duplicate_field("defaultRole"));
                            }
                            default_role__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Scim => {
                            if scim__.is_some() {
                                return Err(serde::de::Error::duplicate_field("scim"));
                            }
                            scim__ = map_.next_value()?;
                        }
                        GeneratedField::Oidc => {
                            if configuration__.is_some() {
                                return Err(serde::de::Error::duplicate_field("oidc"));
                            }
                            configuration__ = map_.next_value::<::std::option::Option<_>>()?.map(identity_provider::Configuration::Oidc)
;
                        }
                    }
                }
                Ok(IdentityProvider {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                    create_time: create_time__,
                    update_time: update_time__,
                    default_role: default_role__.unwrap_or_default(),
                    scim: scim__,
                    configuration: configuration__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.IdentityProvider", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for identity_provider::Oidc {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.IdentityProvider.OIDC", len)?;
        if true {
            struct_ser.serialize_field("issuer", &self.issuer)?;
        }
        if true {
            struct_ser.serialize_field("clientId", &self.client_id)?;
        }
        if true {
            struct_ser.serialize_field("clientSecret", &self.client_secret)?;
        }
        if true {
            struct_ser.serialize_field("additionalScopes", &self.additional_scopes)?;
        }
        if true {
            struct_ser.serialize_field("groupsClaim", &self.groups_claim)?;
        }
        if true {
            let v = identity_provider::oidc::CorrelationRule::try_from(self.correlation_rule)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.correlation_rule)))?;
            struct_ser.serialize_field("correlationRule", &v)?;
        }
        if true {
            struct_ser.serialize_field("pkceEnabled", &self.pkce_enabled)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for identity_provider::Oidc {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issuer",
            "client_id",
            "clientId",
            "client_secret",
            "clientSecret",
            "additional_scopes",
            "additionalScopes",
            "groups_claim",
            "groupsClaim",
            "correlation_rule",
            "correlationRule",
            "pkce_enabled",
            "pkceEnabled",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issuer,
            ClientId,
            ClientSecret,
            AdditionalScopes,
            GroupsClaim,
            CorrelationRule,
            PkceEnabled,
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
                            "issuer" => Ok(GeneratedField::Issuer),
                            "clientId" | "client_id" => Ok(GeneratedField::ClientId),
                            "clientSecret" | "client_secret" => Ok(GeneratedField::ClientSecret),
                            "additionalScopes" | "additional_scopes" => Ok(GeneratedField::AdditionalScopes),
                            "groupsClaim" | "groups_claim" => Ok(GeneratedField::GroupsClaim),
                            "correlationRule" | "correlation_rule" => Ok(GeneratedField::CorrelationRule),
                            "pkceEnabled" | "pkce_enabled" => Ok(GeneratedField::PkceEnabled),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = identity_provider::Oidc;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.IdentityProvider.OIDC")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<identity_provider::Oidc, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issuer__ = None;
                let mut client_id__ = None;
                let mut client_secret__ = None;
                let mut additional_scopes__ = None;
                let mut groups_claim__ = None;
                let mut correlation_rule__ = None;
                let mut pkce_enabled__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issuer => {
                            if issuer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issuer"));
                            }
                            issuer__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ClientId => {
                            if client_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clientId"));
                            }
                            client_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ClientSecret => {
                            if client_secret__.is_some() {
                                return Err(serde::de::Error::duplicate_field("clientSecret"));
                            }
                            client_secret__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AdditionalScopes => {
                            if additional_scopes__.is_some() {
                                return Err(serde::de::Error::duplicate_field("additionalScopes"));
                            }
                            additional_scopes__ = Some(map_.next_value()?);
                        }
                        GeneratedField::GroupsClaim => {
                            if groups_claim__.is_some() {
                                return Err(serde::de::Error::duplicate_field("groupsClaim"));
                            }
                            groups_claim__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CorrelationRule => {
                            if correlation_rule__.is_some() {
                                return Err(serde::de::Error::duplicate_field("correlationRule"));
                            }
                            correlation_rule__ = Some(map_.next_value::<identity_provider::oidc::CorrelationRule>()? as i32);
                        }
                        GeneratedField::PkceEnabled => {
                            if pkce_enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("pkceEnabled"));
                            }
                            pkce_enabled__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(identity_provider::Oidc {
                    issuer: issuer__.unwrap_or_default(),
                    client_id: client_id__.unwrap_or_default(),
                    client_secret: client_secret__.unwrap_or_default(),
                    additional_scopes: additional_scopes__.unwrap_or_default(),
                    groups_claim: groups_claim__.unwrap_or_default(),
                    correlation_rule: correlation_rule__.unwrap_or_default(),
                    pkce_enabled: pkce_enabled__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.IdentityProvider.OIDC", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for identity_provider::oidc::CorrelationRule {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "CORRELATION_RULE_UNSPECIFIED",
            Self::SubEqualsExternalId => "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID",
            Self::OidEqualsExternalId => "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for identity_provider::oidc::CorrelationRule {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "CORRELATION_RULE_UNSPECIFIED",
            "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID",
            "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = identity_provider::oidc::CorrelationRule;

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
                    "CORRELATION_RULE_UNSPECIFIED" => Ok(identity_provider::oidc::CorrelationRule::Unspecified),
                    "CORRELATION_RULE_SUB_EQUALS_EXTERNAL_ID" => Ok(identity_provider::oidc::CorrelationRule::SubEqualsExternalId),
                    "CORRELATION_RULE_OID_EQUALS_EXTERNAL_ID" => Ok(identity_provider::oidc::CorrelationRule::OidEqualsExternalId),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for identity_provider::Scim {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.IdentityProvider.SCIM", len)?;
        if true {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        if true {
            struct_ser.serialize_field("endpointUrl", &self.endpoint_url)?;
        }
        if let Some(v) = self.token_expire_time.as_ref() {
            struct_ser.serialize_field("tokenExpireTime", v)?;
        }
        if let Some(v) = self.previous_token_expire_time.as_ref() {
            struct_ser.serialize_field("previousTokenExpireTime", v)?;
        }
        if true {
            let v = identity_provider::scim::CredentialState::try_from(self.credential_state)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.credential_state)))?;
            struct_ser.serialize_field("credentialState", &v)?;
        }
        if true {
            struct_ser.serialize_field("etag", &self.etag)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for identity_provider::Scim {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "enabled",
            "endpoint_url",
            "endpointUrl",
            "token_expire_time",
            "tokenExpireTime",
            "previous_token_expire_time",
            "previousTokenExpireTime",
            "credential_state",
            "credentialState",
            "etag",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Enabled,
            EndpointUrl,
            TokenExpireTime,
            PreviousTokenExpireTime,
            CredentialState,
            Etag,
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
                            "enabled" => Ok(GeneratedField::Enabled),
                            "endpointUrl" | "endpoint_url" => Ok(GeneratedField::EndpointUrl),
                            "tokenExpireTime" | "token_expire_time" => Ok(GeneratedField::TokenExpireTime),
                            "previousTokenExpireTime" | "previous_token_expire_time" => Ok(GeneratedField::PreviousTokenExpireTime),
                            "credentialState" | "credential_state" => Ok(GeneratedField::CredentialState),
                            "etag" => Ok(GeneratedField::Etag),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = identity_provider::Scim;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.IdentityProvider.SCIM")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<identity_provider::Scim, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut enabled__ = None;
                let mut endpoint_url__ = None;
                let mut token_expire_time__ = None;
                let mut previous_token_expire_time__ = None;
                let mut credential_state__ = None;
                let mut etag__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EndpointUrl => {
                            if endpoint_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("endpointUrl"));
                            }
                            endpoint_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::TokenExpireTime => {
                            if token_expire_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("tokenExpireTime"));
                            }
                            token_expire_time__ = map_.next_value()?;
                        }
                        GeneratedField::PreviousTokenExpireTime => {
                            if previous_token_expire_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("previousTokenExpireTime"));
                            }
                            previous_token_expire_time__ = map_.next_value()?;
                        }
                        GeneratedField::CredentialState => {
                            if credential_state__.is_some() {
                                return Err(serde::de::Error::duplicate_field("credentialState"));
                            }
                            credential_state__ = Some(map_.next_value::<identity_provider::scim::CredentialState>()? as i32);
                        }
                        GeneratedField::Etag => {
                            if etag__.is_some() {
                                return Err(serde::de::Error::duplicate_field("etag"));
                            }
                            etag__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(identity_provider::Scim {
                    enabled: enabled__.unwrap_or_default(),
                    endpoint_url: endpoint_url__.unwrap_or_default(),
                    token_expire_time: token_expire_time__,
                    previous_token_expire_time: previous_token_expire_time__,
                    credential_state: credential_state__.unwrap_or_default(),
                    etag: etag__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.IdentityProvider.SCIM", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for identity_provider::scim::CredentialState {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "CREDENTIAL_STATE_UNSPECIFIED",
            Self::NotIssued => "CREDENTIAL_STATE_NOT_ISSUED",
            Self::Live => "CREDENTIAL_STATE_LIVE",
            Self::Expired => "CREDENTIAL_STATE_EXPIRED",
            Self::Revoked => "CREDENTIAL_STATE_REVOKED",
            Self::Rotating => "CREDENTIAL_STATE_ROTATING",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for identity_provider::scim::CredentialState {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "CREDENTIAL_STATE_UNSPECIFIED",
            "CREDENTIAL_STATE_NOT_ISSUED",
            "CREDENTIAL_STATE_LIVE",
            "CREDENTIAL_STATE_EXPIRED",
            "CREDENTIAL_STATE_REVOKED",
            "CREDENTIAL_STATE_ROTATING",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = identity_provider::scim::CredentialState;

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
                    "CREDENTIAL_STATE_UNSPECIFIED" => Ok(identity_provider::scim::CredentialState::Unspecified),
                    "CREDENTIAL_STATE_NOT_ISSUED" => Ok(identity_provider::scim::CredentialState::NotIssued),
                    "CREDENTIAL_STATE_LIVE" => Ok(identity_provider::scim::CredentialState::Live),
                    "CREDENTIAL_STATE_EXPIRED" => Ok(identity_provider::scim::CredentialState::Expired),
                    "CREDENTIAL_STATE_REVOKED" => Ok(identity_provider::scim::CredentialState::Revoked),
                    "CREDENTIAL_STATE_ROTATING" => Ok(identity_provider::scim::CredentialState::Rotating),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for ListAccountAssociationsRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListAccountAssociationsRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
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
impl<'de> serde::Deserialize<'de> for ListAccountAssociationsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "name",
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
            Name,
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
                            "name" => Ok(GeneratedField::Name),
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
            type Value = ListAccountAssociationsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListAccountAssociationsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAccountAssociationsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut name__ = None;
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
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
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
                Ok(ListAccountAssociationsRequest {
                    uidp: uidp__,
                    name: name__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListAccountAssociationsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListAccountAssociationsResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListAccountAssociationsResponse", len)?;
        if true {
            struct_ser.serialize_field("accountAssociations", &self.account_associations)?;
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
impl<'de> serde::Deserialize<'de> for ListAccountAssociationsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "account_associations",
            "accountAssociations",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AccountAssociations,
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
                            "accountAssociations" | "account_associations" => Ok(GeneratedField::AccountAssociations),
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
            type Value = ListAccountAssociationsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListAccountAssociationsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListAccountAssociationsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut account_associations__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AccountAssociations => {
                            if account_associations__.is_some() {
                                return Err(serde::de::Error::duplicate_field("accountAssociations"));
                            }
                            account_associations__ = Some(map_.next_value()?);
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
                Ok(ListAccountAssociationsResponse {
                    account_associations: account_associations__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListAccountAssociationsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListExternalGroupRoleMappingsRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListExternalGroupRoleMappingsRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
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
impl<'de> serde::Deserialize<'de> for ListExternalGroupRoleMappingsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "identity_provider_uid",
            "identityProviderUid",
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
            IdentityProviderUid,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
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
            type Value = ListExternalGroupRoleMappingsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListExternalGroupRoleMappingsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListExternalGroupRoleMappingsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut identity_provider_uid__ = None;
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
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
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
                Ok(ListExternalGroupRoleMappingsRequest {
                    uidp: uidp__,
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListExternalGroupRoleMappingsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListExternalGroupRoleMappingsResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListExternalGroupRoleMappingsResponse", len)?;
        if true {
            struct_ser.serialize_field("externalGroupRoleMappings", &self.external_group_role_mappings)?;
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
impl<'de> serde::Deserialize<'de> for ListExternalGroupRoleMappingsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "external_group_role_mappings",
            "externalGroupRoleMappings",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            ExternalGroupRoleMappings,
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
                            "externalGroupRoleMappings" | "external_group_role_mappings" => Ok(GeneratedField::ExternalGroupRoleMappings),
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
            type Value = ListExternalGroupRoleMappingsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListExternalGroupRoleMappingsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListExternalGroupRoleMappingsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut external_group_role_mappings__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::ExternalGroupRoleMappings => {
                            if external_group_role_mappings__.is_some() {
                                return Err(serde::de::Error::duplicate_field("externalGroupRoleMappings"));
                            }
                            external_group_role_mappings__ = Some(map_.next_value()?);
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
                Ok(ListExternalGroupRoleMappingsResponse {
                    external_group_role_mappings: external_group_role_mappings__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListExternalGroupRoleMappingsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListGroupInvitesRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListGroupInvitesRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("keyId", &self.key_id)?;
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
impl<'de> serde::Deserialize<'de> for ListGroupInvitesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "key_id",
            "keyId",
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
            KeyId,
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
                            "keyId" | "key_id" => Ok(GeneratedField::KeyId),
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
            type Value = ListGroupInvitesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListGroupInvitesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListGroupInvitesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut key_id__ = None;
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
                        GeneratedField::KeyId => {
                            if key_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("keyId"));
                            }
                            key_id__ = Some(map_.next_value()?);
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
                Ok(ListGroupInvitesRequest {
                    uidp: uidp__,
                    key_id: key_id__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListGroupInvitesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListGroupInvitesResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListGroupInvitesResponse", len)?;
        if true {
            struct_ser.serialize_field("groupInvites", &self.group_invites)?;
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
impl<'de> serde::Deserialize<'de> for ListGroupInvitesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "group_invites",
            "groupInvites",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            GroupInvites,
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
                            "groupInvites" | "group_invites" => Ok(GeneratedField::GroupInvites),
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
            type Value = ListGroupInvitesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListGroupInvitesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListGroupInvitesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut group_invites__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::GroupInvites => {
                            if group_invites__.is_some() {
                                return Err(serde::de::Error::duplicate_field("groupInvites"));
                            }
                            group_invites__ = Some(map_.next_value()?);
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
                Ok(ListGroupInvitesResponse {
                    group_invites: group_invites__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListGroupInvitesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListGroupsRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListGroupsRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
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
impl<'de> serde::Deserialize<'de> for ListGroupsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "name",
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
            Name,
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
                            "name" => Ok(GeneratedField::Name),
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
            type Value = ListGroupsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListGroupsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListGroupsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut name__ = None;
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
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
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
                Ok(ListGroupsRequest {
                    uidp: uidp__,
                    name: name__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListGroupsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListGroupsResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListGroupsResponse", len)?;
        if true {
            struct_ser.serialize_field("groups", &self.groups)?;
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
impl<'de> serde::Deserialize<'de> for ListGroupsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "groups",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Groups,
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
                            "groups" => Ok(GeneratedField::Groups),
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
            type Value = ListGroupsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListGroupsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListGroupsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut groups__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Groups => {
                            if groups__.is_some() {
                                return Err(serde::de::Error::duplicate_field("groups"));
                            }
                            groups__ = Some(map_.next_value()?);
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
                Ok(ListGroupsResponse {
                    groups: groups__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListGroupsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIdentitiesRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListIdentitiesRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            let v = RelationshipType::try_from(self.relationship_type)
                .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", self.relationship_type)))?;
            struct_ser.serialize_field("relationshipType", &v)?;
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
impl<'de> serde::Deserialize<'de> for ListIdentitiesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "name",
            "relationship_type",
            "relationshipType",
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
            Name,
            RelationshipType,
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
                            "name" => Ok(GeneratedField::Name),
                            "relationshipType" | "relationship_type" => Ok(GeneratedField::RelationshipType),
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
            type Value = ListIdentitiesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListIdentitiesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIdentitiesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut name__ = None;
                let mut relationship_type__ = None;
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
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RelationshipType => {
                            if relationship_type__.is_some() {
                                return Err(serde::de::Error::duplicate_field("relationshipType"));
                            }
                            relationship_type__ = Some(map_.next_value::<RelationshipType>()? as i32);
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
                Ok(ListIdentitiesRequest {
                    uidp: uidp__,
                    name: name__.unwrap_or_default(),
                    relationship_type: relationship_type__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListIdentitiesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIdentitiesResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListIdentitiesResponse", len)?;
        if true {
            struct_ser.serialize_field("identities", &self.identities)?;
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
impl<'de> serde::Deserialize<'de> for ListIdentitiesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identities",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Identities,
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
                            "identities" => Ok(GeneratedField::Identities),
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
            type Value = ListIdentitiesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListIdentitiesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIdentitiesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identities__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Identities => {
                            if identities__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identities"));
                            }
                            identities__ = Some(map_.next_value()?);
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
                Ok(ListIdentitiesResponse {
                    identities: identities__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListIdentitiesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIdentityProvidersRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListIdentityProvidersRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
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
impl<'de> serde::Deserialize<'de> for ListIdentityProvidersRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "name",
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
            Name,
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
                            "name" => Ok(GeneratedField::Name),
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
            type Value = ListIdentityProvidersRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListIdentityProvidersRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIdentityProvidersRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut name__ = None;
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
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
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
                Ok(ListIdentityProvidersRequest {
                    uidp: uidp__,
                    name: name__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListIdentityProvidersRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListIdentityProvidersResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListIdentityProvidersResponse", len)?;
        if true {
            struct_ser.serialize_field("identityProviders", &self.identity_providers)?;
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
impl<'de> serde::Deserialize<'de> for ListIdentityProvidersResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_providers",
            "identityProviders",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProviders,
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
                            "identityProviders" | "identity_providers" => Ok(GeneratedField::IdentityProviders),
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
            type Value = ListIdentityProvidersResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListIdentityProvidersResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListIdentityProvidersResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_providers__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProviders => {
                            if identity_providers__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviders"));
                            }
                            identity_providers__ = Some(map_.next_value()?);
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
                Ok(ListIdentityProvidersResponse {
                    identity_providers: identity_providers__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListIdentityProvidersResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListRoleBindingsRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListRoleBindingsRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("identity", &self.identity)?;
        }
        if true {
            struct_ser.serialize_field("group", &self.group)?;
        }
        if true {
            struct_ser.serialize_field("role", &self.role)?;
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
impl<'de> serde::Deserialize<'de> for ListRoleBindingsRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "identity",
            "group",
            "role",
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
            Identity,
            Group,
            Role,
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
                            "identity" => Ok(GeneratedField::Identity),
                            "group" => Ok(GeneratedField::Group),
                            "role" => Ok(GeneratedField::Role),
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
            type Value = ListRoleBindingsRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListRoleBindingsRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListRoleBindingsRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut identity__ = None;
                let mut group__ = None;
                let mut role__ = None;
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
                        GeneratedField::Identity => {
                            if identity__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identity"));
                            }
                            identity__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Role => {
                            if role__.is_some() {
                                return Err(serde::de::Error::duplicate_field("role"));
                            }
                            role__ = Some(map_.next_value()?);
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
                Ok(ListRoleBindingsRequest {
                    uidp: uidp__,
                    identity: identity__.unwrap_or_default(),
                    group: group__.unwrap_or_default(),
                    role: role__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListRoleBindingsRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListRoleBindingsResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListRoleBindingsResponse", len)?;
        if true {
            struct_ser.serialize_field("roleBindings", &self.role_bindings)?;
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
impl<'de> serde::Deserialize<'de> for ListRoleBindingsResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "role_bindings",
            "roleBindings",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            RoleBindings,
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
                            "roleBindings" | "role_bindings" => Ok(GeneratedField::RoleBindings),
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
            type Value = ListRoleBindingsResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListRoleBindingsResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListRoleBindingsResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut role_bindings__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::RoleBindings => {
                            if role_bindings__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleBindings"));
                            }
                            role_bindings__ = Some(map_.next_value()?);
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
                Ok(ListRoleBindingsResponse {
                    role_bindings: role_bindings__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListRoleBindingsResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListRolesRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListRolesRequest", len)?;
        if let Some(v) = self.uidp.as_ref() {
            struct_ser.serialize_field("uidp", v)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
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
impl<'de> serde::Deserialize<'de> for ListRolesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uidp",
            "name",
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
            Name,
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
                            "name" => Ok(GeneratedField::Name),
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
            type Value = ListRolesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListRolesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListRolesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uidp__ = None;
                let mut name__ = None;
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
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
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
                Ok(ListRolesRequest {
                    uidp: uidp__,
                    name: name__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListRolesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListRolesResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListRolesResponse", len)?;
        if true {
            struct_ser.serialize_field("roles", &self.roles)?;
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
impl<'de> serde::Deserialize<'de> for ListRolesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "roles",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Roles,
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
                            "roles" => Ok(GeneratedField::Roles),
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
            type Value = ListRolesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListRolesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListRolesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut roles__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Roles => {
                            if roles__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roles"));
                            }
                            roles__ = Some(map_.next_value()?);
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
                Ok(ListRolesResponse {
                    roles: roles__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListRolesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListTermsAcceptancesRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListTermsAcceptancesRequest", len)?;
        if true {
            struct_ser.serialize_field("group", &self.group)?;
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
impl<'de> serde::Deserialize<'de> for ListTermsAcceptancesRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "group",
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
            Group,
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
                            "group" => Ok(GeneratedField::Group),
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
            type Value = ListTermsAcceptancesRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListTermsAcceptancesRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListTermsAcceptancesRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut group__ = None;
                let mut page_size__ = None;
                let mut page_token__ = None;
                let mut order_by__ = None;
                let mut skip__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = Some(map_.next_value()?);
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
                Ok(ListTermsAcceptancesRequest {
                    group: group__.unwrap_or_default(),
                    page_size: page_size__.unwrap_or_default(),
                    page_token: page_token__.unwrap_or_default(),
                    order_by: order_by__.unwrap_or_default(),
                    skip: skip__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListTermsAcceptancesRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ListTermsAcceptancesResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.ListTermsAcceptancesResponse", len)?;
        if true {
            struct_ser.serialize_field("termsAcceptances", &self.terms_acceptances)?;
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
impl<'de> serde::Deserialize<'de> for ListTermsAcceptancesResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "terms_acceptances",
            "termsAcceptances",
            "next_page_token",
            "nextPageToken",
            "total_count",
            "totalCount",
            "skipped",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            TermsAcceptances,
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
                            "termsAcceptances" | "terms_acceptances" => Ok(GeneratedField::TermsAcceptances),
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
            type Value = ListTermsAcceptancesResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.ListTermsAcceptancesResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<ListTermsAcceptancesResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut terms_acceptances__ = None;
                let mut next_page_token__ = None;
                let mut total_count__ = None;
                let mut skipped__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::TermsAcceptances => {
                            if terms_acceptances__.is_some() {
                                return Err(serde::de::Error::duplicate_field("termsAcceptances"));
                            }
                            terms_acceptances__ = Some(map_.next_value()?);
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
                Ok(ListTermsAcceptancesResponse {
                    terms_acceptances: terms_acceptances__.unwrap_or_default(),
                    next_page_token: next_page_token__.unwrap_or_default(),
                    total_count: total_count__,
                    skipped: skipped__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.ListTermsAcceptancesResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for LookupGroupRequest {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.LookupGroupRequest", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for LookupGroupRequest {
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
            type Value = LookupGroupRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.LookupGroupRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<LookupGroupRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(LookupGroupRequest {
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.LookupGroupRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for LookupGroupResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.LookupGroupResponse", len)?;
        if let Some(v) = self.group.as_ref() {
            struct_ser.serialize_field("group", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for LookupGroupResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "group",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Group,
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
                            "group" => Ok(GeneratedField::Group),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = LookupGroupResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.LookupGroupResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<LookupGroupResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut group__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = map_.next_value()?;
                        }
                    }
                }
                Ok(LookupGroupResponse {
                    group: group__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.LookupGroupResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for LookupIdentityRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.LookupIdentityRequest", len)?;
        if true {
            struct_ser.serialize_field("issuer", &self.issuer)?;
        }
        if true {
            struct_ser.serialize_field("subject", &self.subject)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for LookupIdentityRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "issuer",
            "subject",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Issuer,
            Subject,
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
                            "issuer" => Ok(GeneratedField::Issuer),
                            "subject" => Ok(GeneratedField::Subject),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = LookupIdentityRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.LookupIdentityRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<LookupIdentityRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut issuer__ = None;
                let mut subject__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Issuer => {
                            if issuer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issuer"));
                            }
                            issuer__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subject => {
                            if subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            subject__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(LookupIdentityRequest {
                    issuer: issuer__.unwrap_or_default(),
                    subject: subject__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.LookupIdentityRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for LookupIdentityResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.LookupIdentityResponse", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for LookupIdentityResponse {
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
            type Value = LookupIdentityResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.LookupIdentityResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<LookupIdentityResponse, V::Error>
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
                Ok(LookupIdentityResponse {
                    uid: uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.LookupIdentityResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for MissingDocument {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.MissingDocument", len)?;
        if true {
            struct_ser.serialize_field("id", &self.id)?;
        }
        if true {
            struct_ser.serialize_field("label", &self.label)?;
        }
        if true {
            struct_ser.serialize_field("url", &self.url)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for MissingDocument {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "id",
            "label",
            "url",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Id,
            Label,
            Url,
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
                            "label" => Ok(GeneratedField::Label),
                            "url" => Ok(GeneratedField::Url),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = MissingDocument;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.MissingDocument")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<MissingDocument, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut id__ = None;
                let mut label__ = None;
                let mut url__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Id => {
                            if id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("id"));
                            }
                            id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Label => {
                            if label__.is_some() {
                                return Err(serde::de::Error::duplicate_field("label"));
                            }
                            label__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Url => {
                            if url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("url"));
                            }
                            url__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(MissingDocument {
                    id: id__.unwrap_or_default(),
                    label: label__.unwrap_or_default(),
                    url: url__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.MissingDocument", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for OrgKind {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "ORG_KIND_UNSPECIFIED",
            Self::Starter => "ORG_KIND_STARTER",
            Self::Customer => "ORG_KIND_CUSTOMER",
            Self::Dev => "ORG_KIND_DEV",
            Self::Infra => "ORG_KIND_INFRA",
            Self::AwsMarketplace => "ORG_KIND_AWS_MARKETPLACE",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for OrgKind {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ORG_KIND_UNSPECIFIED",
            "ORG_KIND_STARTER",
            "ORG_KIND_CUSTOMER",
            "ORG_KIND_DEV",
            "ORG_KIND_INFRA",
            "ORG_KIND_AWS_MARKETPLACE",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = OrgKind;

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
                    "ORG_KIND_UNSPECIFIED" => Ok(OrgKind::Unspecified),
                    "ORG_KIND_STARTER" => Ok(OrgKind::Starter),
                    "ORG_KIND_CUSTOMER" => Ok(OrgKind::Customer),
                    "ORG_KIND_DEV" => Ok(OrgKind::Dev),
                    "ORG_KIND_INFRA" => Ok(OrgKind::Infra),
                    "ORG_KIND_AWS_MARKETPLACE" => Ok(OrgKind::AwsMarketplace),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for OrgStatus {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "ORG_STATUS_UNSPECIFIED",
            Self::Initializing => "ORG_STATUS_INITIALIZING",
            Self::Ready => "ORG_STATUS_READY",
            Self::Suspended => "ORG_STATUS_SUSPENDED",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for OrgStatus {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ORG_STATUS_UNSPECIFIED",
            "ORG_STATUS_INITIALIZING",
            "ORG_STATUS_READY",
            "ORG_STATUS_SUSPENDED",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = OrgStatus;

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
                    "ORG_STATUS_UNSPECIFIED" => Ok(OrgStatus::Unspecified),
                    "ORG_STATUS_INITIALIZING" => Ok(OrgStatus::Initializing),
                    "ORG_STATUS_READY" => Ok(OrgStatus::Ready),
                    "ORG_STATUS_SUSPENDED" => Ok(OrgStatus::Suspended),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for RegenerateScimTokenRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RegenerateScimTokenRequest", len)?;
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if let Some(v) = self.overlap.as_ref() {
            struct_ser.serialize_field("overlap", v)?;
        }
        if let Some(v) = self.expire_time.as_ref() {
            struct_ser.serialize_field("expireTime", v)?;
        }
        if true {
            struct_ser.serialize_field("etag", &self.etag)?;
        }
        if true {
            struct_ser.serialize_field("neverExpires", &self.never_expires)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RegenerateScimTokenRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_provider_uid",
            "identityProviderUid",
            "overlap",
            "expire_time",
            "expireTime",
            "etag",
            "never_expires",
            "neverExpires",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProviderUid,
            Overlap,
            ExpireTime,
            Etag,
            NeverExpires,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "overlap" => Ok(GeneratedField::Overlap),
                            "expireTime" | "expire_time" => Ok(GeneratedField::ExpireTime),
                            "etag" => Ok(GeneratedField::Etag),
                            "neverExpires" | "never_expires" => Ok(GeneratedField::NeverExpires),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RegenerateScimTokenRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RegenerateScimTokenRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RegenerateScimTokenRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_provider_uid__ = None;
                let mut overlap__ = None;
                let mut expire_time__ = None;
                let mut etag__ = None;
                let mut never_expires__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Overlap => {
                            if overlap__.is_some() {
                                return Err(serde::de::Error::duplicate_field("overlap"));
                            }
                            overlap__ = map_.next_value()?;
                        }
                        GeneratedField::ExpireTime => {
                            if expire_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expireTime"));
                            }
                            expire_time__ = map_.next_value()?;
                        }
                        GeneratedField::Etag => {
                            if etag__.is_some() {
                                return Err(serde::de::Error::duplicate_field("etag"));
                            }
                            etag__ = Some(map_.next_value()?);
                        }
                        GeneratedField::NeverExpires => {
                            if never_expires__.is_some() {
                                return Err(serde::de::Error::duplicate_field("neverExpires"));
                            }
                            never_expires__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RegenerateScimTokenRequest {
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    overlap: overlap__,
                    expire_time: expire_time__,
                    etag: etag__.unwrap_or_default(),
                    never_expires: never_expires__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RegenerateScimTokenRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RegenerateScimTokenResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RegenerateScimTokenResponse", len)?;
        if true {
            struct_ser.serialize_field("token", &self.token)?;
        }
        if true {
            struct_ser.serialize_field("endpointUrl", &self.endpoint_url)?;
        }
        if let Some(v) = self.expire_time.as_ref() {
            struct_ser.serialize_field("expireTime", v)?;
        }
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if true {
            struct_ser.serialize_field("etag", &self.etag)?;
        }
        if let Some(v) = self.previous_token_expire_time.as_ref() {
            struct_ser.serialize_field("previousTokenExpireTime", v)?;
        }
        if let Some(v) = self.requested_overlap.as_ref() {
            struct_ser.serialize_field("requestedOverlap", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RegenerateScimTokenResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "token",
            "endpoint_url",
            "endpointUrl",
            "expire_time",
            "expireTime",
            "identity_provider_uid",
            "identityProviderUid",
            "etag",
            "previous_token_expire_time",
            "previousTokenExpireTime",
            "requested_overlap",
            "requestedOverlap",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Token,
            EndpointUrl,
            ExpireTime,
            IdentityProviderUid,
            Etag,
            PreviousTokenExpireTime,
            RequestedOverlap,
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
                            "token" => Ok(GeneratedField::Token),
                            "endpointUrl" | "endpoint_url" => Ok(GeneratedField::EndpointUrl),
                            "expireTime" | "expire_time" => Ok(GeneratedField::ExpireTime),
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "etag" => Ok(GeneratedField::Etag),
                            "previousTokenExpireTime" | "previous_token_expire_time" => Ok(GeneratedField::PreviousTokenExpireTime),
                            "requestedOverlap" | "requested_overlap" => Ok(GeneratedField::RequestedOverlap),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RegenerateScimTokenResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RegenerateScimTokenResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RegenerateScimTokenResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut token__ = None;
                let mut endpoint_url__ = None;
                let mut expire_time__ = None;
                let mut identity_provider_uid__ = None;
                let mut etag__ = None;
                let mut previous_token_expire_time__ = None;
                let mut requested_overlap__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Token => {
                            if token__.is_some() {
                                return Err(serde::de::Error::duplicate_field("token"));
                            }
                            token__ = Some(map_.next_value()?);
                        }
                        GeneratedField::EndpointUrl => {
                            if endpoint_url__.is_some() {
                                return Err(serde::de::Error::duplicate_field("endpointUrl"));
                            }
                            endpoint_url__ = Some(map_.next_value()?);
                        }
                        GeneratedField::ExpireTime => {
                            if expire_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("expireTime"));
                            }
                            expire_time__ = map_.next_value()?;
                        }
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Etag => {
                            if etag__.is_some() {
                                return Err(serde::de::Error::duplicate_field("etag"));
                            }
                            etag__ = Some(map_.next_value()?);
                        }
                        GeneratedField::PreviousTokenExpireTime => {
                            if previous_token_expire_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("previousTokenExpireTime"));
                            }
                            previous_token_expire_time__ = map_.next_value()?;
                        }
                        GeneratedField::RequestedOverlap => {
                            if requested_overlap__.is_some() {
                                return Err(serde::de::Error::duplicate_field("requestedOverlap"));
                            }
                            requested_overlap__ = map_.next_value()?;
                        }
                    }
                }
                Ok(RegenerateScimTokenResponse {
                    token: token__.unwrap_or_default(),
                    endpoint_url: endpoint_url__.unwrap_or_default(),
                    expire_time: expire_time__,
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    etag: etag__.unwrap_or_default(),
                    previous_token_expire_time: previous_token_expire_time__,
                    requested_overlap: requested_overlap__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RegenerateScimTokenResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RelationshipType {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "RELATIONSHIP_TYPE_UNSPECIFIED",
            Self::ClaimMatch => "RELATIONSHIP_TYPE_CLAIM_MATCH",
            Self::Static => "RELATIONSHIP_TYPE_STATIC",
            Self::AwsIdentity => "RELATIONSHIP_TYPE_AWS_IDENTITY",
            Self::ServicePrincipal => "RELATIONSHIP_TYPE_SERVICE_PRINCIPAL",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for RelationshipType {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "RELATIONSHIP_TYPE_UNSPECIFIED",
            "RELATIONSHIP_TYPE_CLAIM_MATCH",
            "RELATIONSHIP_TYPE_STATIC",
            "RELATIONSHIP_TYPE_AWS_IDENTITY",
            "RELATIONSHIP_TYPE_SERVICE_PRINCIPAL",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = RelationshipType;

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
                    "RELATIONSHIP_TYPE_UNSPECIFIED" => Ok(RelationshipType::Unspecified),
                    "RELATIONSHIP_TYPE_CLAIM_MATCH" => Ok(RelationshipType::ClaimMatch),
                    "RELATIONSHIP_TYPE_STATIC" => Ok(RelationshipType::Static),
                    "RELATIONSHIP_TYPE_AWS_IDENTITY" => Ok(RelationshipType::AwsIdentity),
                    "RELATIONSHIP_TYPE_SERVICE_PRINCIPAL" => Ok(RelationshipType::ServicePrincipal),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for RequestGroupAccessRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RequestGroupAccessRequest", len)?;
        if true {
            struct_ser.serialize_field("groupUid", &self.group_uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RequestGroupAccessRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "group_uid",
            "groupUid",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            GroupUid,
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
                            "groupUid" | "group_uid" => Ok(GeneratedField::GroupUid),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RequestGroupAccessRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RequestGroupAccessRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RequestGroupAccessRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut group_uid__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::GroupUid => {
                            if group_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("groupUid"));
                            }
                            group_uid__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RequestGroupAccessRequest {
                    group_uid: group_uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RequestGroupAccessRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RequestGroupAccessResponse {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        use serde::ser::SerializeStruct;
        let len = 0;
        let struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RequestGroupAccessResponse", len)?;
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RequestGroupAccessResponse {
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
            type Value = RequestGroupAccessResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RequestGroupAccessResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RequestGroupAccessResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                while map_.next_key::<GeneratedField>()?.is_some() {
                    let _ = map_.next_value::<serde::de::IgnoredAny>()?;
                }
                Ok(RequestGroupAccessResponse {
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RequestGroupAccessResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RevokeScimTokenRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RevokeScimTokenRequest", len)?;
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RevokeScimTokenRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_provider_uid",
            "identityProviderUid",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProviderUid,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RevokeScimTokenRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RevokeScimTokenRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RevokeScimTokenRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_provider_uid__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RevokeScimTokenRequest {
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RevokeScimTokenRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RevokeScimTokenResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RevokeScimTokenResponse", len)?;
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if true {
            struct_ser.serialize_field("etag", &self.etag)?;
        }
        if true {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        if let Some(v) = self.revoke_time.as_ref() {
            struct_ser.serialize_field("revokeTime", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RevokeScimTokenResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_provider_uid",
            "identityProviderUid",
            "etag",
            "enabled",
            "revoke_time",
            "revokeTime",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProviderUid,
            Etag,
            Enabled,
            RevokeTime,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "etag" => Ok(GeneratedField::Etag),
                            "enabled" => Ok(GeneratedField::Enabled),
                            "revokeTime" | "revoke_time" => Ok(GeneratedField::RevokeTime),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RevokeScimTokenResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RevokeScimTokenResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RevokeScimTokenResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_provider_uid__ = None;
                let mut etag__ = None;
                let mut enabled__ = None;
                let mut revoke_time__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Etag => {
                            if etag__.is_some() {
                                return Err(serde::de::Error::duplicate_field("etag"));
                            }
                            etag__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RevokeTime => {
                            if revoke_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("revokeTime"));
                            }
                            revoke_time__ = map_.next_value()?;
                        }
                    }
                }
                Ok(RevokeScimTokenResponse {
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    etag: etag__.unwrap_or_default(),
                    enabled: enabled__.unwrap_or_default(),
                    revoke_time: revoke_time__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RevokeScimTokenResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for Role {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.Role", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        if true {
            let v = self.capabilities.iter().cloned().map(|v| {
                super::super::super::capabilities::Capability::try_from(v)
                    .map_err(|_| serde::ser::Error::custom(format!("Invalid variant {}", v)))
                }).collect::<std::result::Result<Vec<_>, _>>()?;
            struct_ser.serialize_field("capabilities", &v)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if let Some(v) = self.update_time.as_ref() {
            struct_ser.serialize_field("updateTime", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for Role {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
            "capabilities",
            "create_time",
            "createTime",
            "update_time",
            "updateTime",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
            Capabilities,
            CreateTime,
            UpdateTime,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "capabilities" => Ok(GeneratedField::Capabilities),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "updateTime" | "update_time" => Ok(GeneratedField::UpdateTime),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = Role;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.Role")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<Role, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut capabilities__ = None;
                let mut create_time__ = None;
                let mut update_time__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Capabilities => {
                            if capabilities__.is_some() {
                                return Err(serde::de::Error::duplicate_field("capabilities"));
                            }
                            capabilities__ = Some(map_.next_value::<Vec<super::super::super::capabilities::Capability>>()?.into_iter().map(|x| x as i32).collect());
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
                    }
                }
                Ok(Role {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                    capabilities: capabilities__.unwrap_or_default(),
                    create_time: create_time__,
                    update_time: update_time__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.Role", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RoleBinding {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RoleBinding", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if let Some(v) = self.identity.as_ref() {
            struct_ser.serialize_field("identity", v)?;
        }
        if let Some(v) = self.group.as_ref() {
            struct_ser.serialize_field("group", v)?;
        }
        if let Some(v) = self.role.as_ref() {
            struct_ser.serialize_field("role", v)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        if true {
            struct_ser.serialize_field("identityUid", &self.identity_uid)?;
        }
        if true {
            struct_ser.serialize_field("roleUid", &self.role_uid)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RoleBinding {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "identity",
            "group",
            "role",
            "create_time",
            "createTime",
            "identity_uid",
            "identityUid",
            "role_uid",
            "roleUid",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Identity,
            Group,
            Role,
            CreateTime,
            IdentityUid,
            RoleUid,
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
                            "identity" => Ok(GeneratedField::Identity),
                            "group" => Ok(GeneratedField::Group),
                            "role" => Ok(GeneratedField::Role),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            "identityUid" | "identity_uid" => Ok(GeneratedField::IdentityUid),
                            "roleUid" | "role_uid" => Ok(GeneratedField::RoleUid),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RoleBinding;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RoleBinding")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RoleBinding, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut identity__ = None;
                let mut group__ = None;
                let mut role__ = None;
                let mut create_time__ = None;
                let mut identity_uid__ = None;
                let mut role_uid__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Identity => {
                            if identity__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identity"));
                            }
                            identity__ = map_.next_value()?;
                        }
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = map_.next_value()?;
                        }
                        GeneratedField::Role => {
                            if role__.is_some() {
                                return Err(serde::de::Error::duplicate_field("role"));
                            }
                            role__ = map_.next_value()?;
                        }
                        GeneratedField::CreateTime => {
                            if create_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createTime"));
                            }
                            create_time__ = map_.next_value()?;
                        }
                        GeneratedField::IdentityUid => {
                            if identity_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityUid"));
                            }
                            identity_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::RoleUid => {
                            if role_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleUid"));
                            }
                            role_uid__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RoleBinding {
                    uid: uid__.unwrap_or_default(),
                    identity: identity__,
                    group: group__,
                    role: role__,
                    create_time: create_time__,
                    identity_uid: identity_uid__.unwrap_or_default(),
                    role_uid: role_uid__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RoleBinding", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RoleBindingGroup {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RoleBindingGroup", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RoleBindingGroup {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RoleBindingGroup;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RoleBindingGroup")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RoleBindingGroup, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RoleBindingGroup {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RoleBindingGroup", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RoleBindingIdentity {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RoleBindingIdentity", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        if true {
            struct_ser.serialize_field("subject", &self.subject)?;
        }
        if true {
            struct_ser.serialize_field("issuer", &self.issuer)?;
        }
        if true {
            struct_ser.serialize_field("email", &self.email)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RoleBindingIdentity {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
            "subject",
            "issuer",
            "email",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
            Subject,
            Issuer,
            Email,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            "subject" => Ok(GeneratedField::Subject),
                            "issuer" => Ok(GeneratedField::Issuer),
                            "email" => Ok(GeneratedField::Email),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RoleBindingIdentity;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RoleBindingIdentity")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RoleBindingIdentity, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                let mut subject__ = None;
                let mut issuer__ = None;
                let mut email__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Subject => {
                            if subject__.is_some() {
                                return Err(serde::de::Error::duplicate_field("subject"));
                            }
                            subject__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Issuer => {
                            if issuer__.is_some() {
                                return Err(serde::de::Error::duplicate_field("issuer"));
                            }
                            issuer__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Email => {
                            if email__.is_some() {
                                return Err(serde::de::Error::duplicate_field("email"));
                            }
                            email__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RoleBindingIdentity {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                    subject: subject__.unwrap_or_default(),
                    issuer: issuer__.unwrap_or_default(),
                    email: email__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RoleBindingIdentity", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for RoleBindingRole {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.RoleBindingRole", len)?;
        if true {
            struct_ser.serialize_field("uid", &self.uid)?;
        }
        if true {
            struct_ser.serialize_field("name", &self.name)?;
        }
        if true {
            struct_ser.serialize_field("description", &self.description)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for RoleBindingRole {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "uid",
            "name",
            "description",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Uid,
            Name,
            Description,
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
                            "name" => Ok(GeneratedField::Name),
                            "description" => Ok(GeneratedField::Description),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = RoleBindingRole;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.RoleBindingRole")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<RoleBindingRole, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut uid__ = None;
                let mut name__ = None;
                let mut description__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Uid => {
                            if uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("uid"));
                            }
                            uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Name => {
                            if name__.is_some() {
                                return Err(serde::de::Error::duplicate_field("name"));
                            }
                            name__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Description => {
                            if description__.is_some() {
                                return Err(serde::de::Error::duplicate_field("description"));
                            }
                            description__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(RoleBindingRole {
                    uid: uid__.unwrap_or_default(),
                    name: name__.unwrap_or_default(),
                    description: description__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.RoleBindingRole", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for ServicePrincipal {
    #[allow(deprecated)]
    fn serialize<S>(&self, serializer: S) -> std::result::Result<S::Ok, S::Error>
    where
        S: serde::Serializer,
    {
        let variant = match self {
            Self::Unspecified => "SERVICE_PRINCIPAL_UNSPECIFIED",
            Self::Cosigned => "SERVICE_PRINCIPAL_COSIGNED",
            Self::Ingester => "SERVICE_PRINCIPAL_INGESTER",
            Self::CatalogSyncer => "SERVICE_PRINCIPAL_CATALOG_SYNCER",
            Self::ApkoBuilder => "SERVICE_PRINCIPAL_APKO_BUILDER",
            Self::EntitlementSyncer => "SERVICE_PRINCIPAL_ENTITLEMENT_SYNCER",
            Self::TenantScanner => "SERVICE_PRINCIPAL_TENANT_SCANNER",
            Self::Sedimentology => "SERVICE_PRINCIPAL_SEDIMENTOLOGY",
            Self::Skillup => "SERVICE_PRINCIPAL_SKILLUP",
            Self::Materializer => "SERVICE_PRINCIPAL_MATERIALIZER",
            Self::Microflow => "SERVICE_PRINCIPAL_MICROFLOW",
            Self::Guardener => "SERVICE_PRINCIPAL_GUARDENER",
            Self::Microvm => "SERVICE_PRINCIPAL_MICROVM",
            Self::Skills => "SERVICE_PRINCIPAL_SKILLS",
        };
        serializer.serialize_str(variant)
    }
}
impl<'de> serde::Deserialize<'de> for ServicePrincipal {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "SERVICE_PRINCIPAL_UNSPECIFIED",
            "SERVICE_PRINCIPAL_COSIGNED",
            "SERVICE_PRINCIPAL_INGESTER",
            "SERVICE_PRINCIPAL_CATALOG_SYNCER",
            "SERVICE_PRINCIPAL_APKO_BUILDER",
            "SERVICE_PRINCIPAL_ENTITLEMENT_SYNCER",
            "SERVICE_PRINCIPAL_TENANT_SCANNER",
            "SERVICE_PRINCIPAL_SEDIMENTOLOGY",
            "SERVICE_PRINCIPAL_SKILLUP",
            "SERVICE_PRINCIPAL_MATERIALIZER",
            "SERVICE_PRINCIPAL_MICROFLOW",
            "SERVICE_PRINCIPAL_GUARDENER",
            "SERVICE_PRINCIPAL_MICROVM",
            "SERVICE_PRINCIPAL_SKILLS",
        ];

        struct GeneratedVisitor;

        impl serde::de::Visitor<'_> for GeneratedVisitor {
            type Value = ServicePrincipal;

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
                    "SERVICE_PRINCIPAL_UNSPECIFIED" => Ok(ServicePrincipal::Unspecified),
                    "SERVICE_PRINCIPAL_COSIGNED" => Ok(ServicePrincipal::Cosigned),
                    "SERVICE_PRINCIPAL_INGESTER" => Ok(ServicePrincipal::Ingester),
                    "SERVICE_PRINCIPAL_CATALOG_SYNCER" => Ok(ServicePrincipal::CatalogSyncer),
                    "SERVICE_PRINCIPAL_APKO_BUILDER" => Ok(ServicePrincipal::ApkoBuilder),
                    "SERVICE_PRINCIPAL_ENTITLEMENT_SYNCER" => Ok(ServicePrincipal::EntitlementSyncer),
                    "SERVICE_PRINCIPAL_TENANT_SCANNER" => Ok(ServicePrincipal::TenantScanner),
                    "SERVICE_PRINCIPAL_SEDIMENTOLOGY" => Ok(ServicePrincipal::Sedimentology),
                    "SERVICE_PRINCIPAL_SKILLUP" => Ok(ServicePrincipal::Skillup),
                    "SERVICE_PRINCIPAL_MATERIALIZER" => Ok(ServicePrincipal::Materializer),
                    "SERVICE_PRINCIPAL_MICROFLOW" => Ok(ServicePrincipal::Microflow),
                    "SERVICE_PRINCIPAL_GUARDENER" => Ok(ServicePrincipal::Guardener),
                    "SERVICE_PRINCIPAL_MICROVM" => Ok(ServicePrincipal::Microvm),
                    "SERVICE_PRINCIPAL_SKILLS" => Ok(ServicePrincipal::Skills),
                    _ => Err(serde::de::Error::unknown_variant(value, FIELDS)),
                }
            }
        }
        deserializer.deserialize_any(GeneratedVisitor)
    }
}
impl serde::Serialize for SetScimEnabledRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.SetScimEnabledRequest", len)?;
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if true {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        if true {
            struct_ser.serialize_field("etag", &self.etag)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SetScimEnabledRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_provider_uid",
            "identityProviderUid",
            "enabled",
            "etag",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProviderUid,
            Enabled,
            Etag,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "enabled" => Ok(GeneratedField::Enabled),
                            "etag" => Ok(GeneratedField::Etag),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SetScimEnabledRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.SetScimEnabledRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SetScimEnabledRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_provider_uid__ = None;
                let mut enabled__ = None;
                let mut etag__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Etag => {
                            if etag__.is_some() {
                                return Err(serde::de::Error::duplicate_field("etag"));
                            }
                            etag__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SetScimEnabledRequest {
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    enabled: enabled__.unwrap_or_default(),
                    etag: etag__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.SetScimEnabledRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for SetScimEnabledResponse {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.SetScimEnabledResponse", len)?;
        if true {
            struct_ser.serialize_field("identityProviderUid", &self.identity_provider_uid)?;
        }
        if true {
            struct_ser.serialize_field("enabled", &self.enabled)?;
        }
        if true {
            struct_ser.serialize_field("etag", &self.etag)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for SetScimEnabledResponse {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_provider_uid",
            "identityProviderUid",
            "enabled",
            "etag",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProviderUid,
            Enabled,
            Etag,
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
                            "identityProviderUid" | "identity_provider_uid" => Ok(GeneratedField::IdentityProviderUid),
                            "enabled" => Ok(GeneratedField::Enabled),
                            "etag" => Ok(GeneratedField::Etag),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = SetScimEnabledResponse;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.SetScimEnabledResponse")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<SetScimEnabledResponse, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_provider_uid__ = None;
                let mut enabled__ = None;
                let mut etag__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProviderUid => {
                            if identity_provider_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProviderUid"));
                            }
                            identity_provider_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Enabled => {
                            if enabled__.is_some() {
                                return Err(serde::de::Error::duplicate_field("enabled"));
                            }
                            enabled__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Etag => {
                            if etag__.is_some() {
                                return Err(serde::de::Error::duplicate_field("etag"));
                            }
                            etag__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(SetScimEnabledResponse {
                    identity_provider_uid: identity_provider_uid__.unwrap_or_default(),
                    enabled: enabled__.unwrap_or_default(),
                    etag: etag__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.SetScimEnabledResponse", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for TermsAcceptance {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.TermsAcceptance", len)?;
        if true {
            struct_ser.serialize_field("docId", &self.doc_id)?;
        }
        if true {
            struct_ser.serialize_field("acceptedBy", &self.accepted_by)?;
        }
        if true {
            struct_ser.serialize_field("orgUid", &self.org_uid)?;
        }
        if let Some(v) = self.create_time.as_ref() {
            struct_ser.serialize_field("createTime", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for TermsAcceptance {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "doc_id",
            "docId",
            "accepted_by",
            "acceptedBy",
            "org_uid",
            "orgUid",
            "create_time",
            "createTime",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            DocId,
            AcceptedBy,
            OrgUid,
            CreateTime,
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
                            "docId" | "doc_id" => Ok(GeneratedField::DocId),
                            "acceptedBy" | "accepted_by" => Ok(GeneratedField::AcceptedBy),
                            "orgUid" | "org_uid" => Ok(GeneratedField::OrgUid),
                            "createTime" | "create_time" => Ok(GeneratedField::CreateTime),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = TermsAcceptance;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.TermsAcceptance")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<TermsAcceptance, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut doc_id__ = None;
                let mut accepted_by__ = None;
                let mut org_uid__ = None;
                let mut create_time__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::DocId => {
                            if doc_id__.is_some() {
                                return Err(serde::de::Error::duplicate_field("docId"));
                            }
                            doc_id__ = Some(map_.next_value()?);
                        }
                        GeneratedField::AcceptedBy => {
                            if accepted_by__.is_some() {
                                return Err(serde::de::Error::duplicate_field("acceptedBy"));
                            }
                            accepted_by__ = Some(map_.next_value()?);
                        }
                        GeneratedField::OrgUid => {
                            if org_uid__.is_some() {
                                return Err(serde::de::Error::duplicate_field("orgUid"));
                            }
                            org_uid__ = Some(map_.next_value()?);
                        }
                        GeneratedField::CreateTime => {
                            if create_time__.is_some() {
                                return Err(serde::de::Error::duplicate_field("createTime"));
                            }
                            create_time__ = map_.next_value()?;
                        }
                    }
                }
                Ok(TermsAcceptance {
                    doc_id: doc_id__.unwrap_or_default(),
                    accepted_by: accepted_by__.unwrap_or_default(),
                    org_uid: org_uid__.unwrap_or_default(),
                    create_time: create_time__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.TermsAcceptance", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for TermsNotAcceptedDetail {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.TermsNotAcceptedDetail", len)?;
        if true {
            struct_ser.serialize_field("missing", &self.missing)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for TermsNotAcceptedDetail {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "missing",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Missing,
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
                            "missing" => Ok(GeneratedField::Missing),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = TermsNotAcceptedDetail;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.TermsNotAcceptedDetail")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<TermsNotAcceptedDetail, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut missing__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Missing => {
                            if missing__.is_some() {
                                return Err(serde::de::Error::duplicate_field("missing"));
                            }
                            missing__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(TermsNotAcceptedDetail {
                    missing: missing__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.TermsNotAcceptedDetail", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateAccountAssociationRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.UpdateAccountAssociationRequest", len)?;
        if let Some(v) = self.account_association.as_ref() {
            struct_ser.serialize_field("accountAssociation", v)?;
        }
        if let Some(v) = self.update_mask.as_ref() {
            struct_ser.serialize_field("updateMask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateAccountAssociationRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "account_association",
            "accountAssociation",
            "update_mask",
            "updateMask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AccountAssociation,
            UpdateMask,
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
                            "accountAssociation" | "account_association" => Ok(GeneratedField::AccountAssociation),
                            "updateMask" | "update_mask" => Ok(GeneratedField::UpdateMask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateAccountAssociationRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.UpdateAccountAssociationRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateAccountAssociationRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut account_association__ = None;
                let mut update_mask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AccountAssociation => {
                            if account_association__.is_some() {
                                return Err(serde::de::Error::duplicate_field("accountAssociation"));
                            }
                            account_association__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateMask => {
                            if update_mask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateMask"));
                            }
                            update_mask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(UpdateAccountAssociationRequest {
                    account_association: account_association__,
                    update_mask: update_mask__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.UpdateAccountAssociationRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateGroupRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.UpdateGroupRequest", len)?;
        if let Some(v) = self.group.as_ref() {
            struct_ser.serialize_field("group", v)?;
        }
        if let Some(v) = self.update_mask.as_ref() {
            struct_ser.serialize_field("updateMask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateGroupRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "group",
            "update_mask",
            "updateMask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Group,
            UpdateMask,
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
                            "group" => Ok(GeneratedField::Group),
                            "updateMask" | "update_mask" => Ok(GeneratedField::UpdateMask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateGroupRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.UpdateGroupRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateGroupRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut group__ = None;
                let mut update_mask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Group => {
                            if group__.is_some() {
                                return Err(serde::de::Error::duplicate_field("group"));
                            }
                            group__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateMask => {
                            if update_mask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateMask"));
                            }
                            update_mask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(UpdateGroupRequest {
                    group: group__,
                    update_mask: update_mask__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.UpdateGroupRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateIdentityMetadataRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.UpdateIdentityMetadataRequest", len)?;
        if let Some(v) = self.identity_metadata.as_ref() {
            struct_ser.serialize_field("identityMetadata", v)?;
        }
        if let Some(v) = self.update_mask.as_ref() {
            struct_ser.serialize_field("updateMask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateIdentityMetadataRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_metadata",
            "identityMetadata",
            "update_mask",
            "updateMask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityMetadata,
            UpdateMask,
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
                            "identityMetadata" | "identity_metadata" => Ok(GeneratedField::IdentityMetadata),
                            "updateMask" | "update_mask" => Ok(GeneratedField::UpdateMask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateIdentityMetadataRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.UpdateIdentityMetadataRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateIdentityMetadataRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_metadata__ = None;
                let mut update_mask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityMetadata => {
                            if identity_metadata__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityMetadata"));
                            }
                            identity_metadata__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateMask => {
                            if update_mask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateMask"));
                            }
                            update_mask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(UpdateIdentityMetadataRequest {
                    identity_metadata: identity_metadata__,
                    update_mask: update_mask__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.UpdateIdentityMetadataRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateIdentityProviderRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.UpdateIdentityProviderRequest", len)?;
        if let Some(v) = self.identity_provider.as_ref() {
            struct_ser.serialize_field("identityProvider", v)?;
        }
        if let Some(v) = self.update_mask.as_ref() {
            struct_ser.serialize_field("updateMask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateIdentityProviderRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity_provider",
            "identityProvider",
            "update_mask",
            "updateMask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            IdentityProvider,
            UpdateMask,
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
                            "identityProvider" | "identity_provider" => Ok(GeneratedField::IdentityProvider),
                            "updateMask" | "update_mask" => Ok(GeneratedField::UpdateMask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateIdentityProviderRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.UpdateIdentityProviderRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateIdentityProviderRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity_provider__ = None;
                let mut update_mask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::IdentityProvider => {
                            if identity_provider__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identityProvider"));
                            }
                            identity_provider__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateMask => {
                            if update_mask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateMask"));
                            }
                            update_mask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(UpdateIdentityProviderRequest {
                    identity_provider: identity_provider__,
                    update_mask: update_mask__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.UpdateIdentityProviderRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateIdentityRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.UpdateIdentityRequest", len)?;
        if let Some(v) = self.identity.as_ref() {
            struct_ser.serialize_field("identity", v)?;
        }
        if let Some(v) = self.update_mask.as_ref() {
            struct_ser.serialize_field("updateMask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateIdentityRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "identity",
            "update_mask",
            "updateMask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Identity,
            UpdateMask,
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
                            "identity" => Ok(GeneratedField::Identity),
                            "updateMask" | "update_mask" => Ok(GeneratedField::UpdateMask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateIdentityRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.UpdateIdentityRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateIdentityRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut identity__ = None;
                let mut update_mask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Identity => {
                            if identity__.is_some() {
                                return Err(serde::de::Error::duplicate_field("identity"));
                            }
                            identity__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateMask => {
                            if update_mask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateMask"));
                            }
                            update_mask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(UpdateIdentityRequest {
                    identity: identity__,
                    update_mask: update_mask__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.UpdateIdentityRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateRoleBindingRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.UpdateRoleBindingRequest", len)?;
        if let Some(v) = self.role_binding.as_ref() {
            struct_ser.serialize_field("roleBinding", v)?;
        }
        if let Some(v) = self.update_mask.as_ref() {
            struct_ser.serialize_field("updateMask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateRoleBindingRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "role_binding",
            "roleBinding",
            "update_mask",
            "updateMask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            RoleBinding,
            UpdateMask,
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
                            "roleBinding" | "role_binding" => Ok(GeneratedField::RoleBinding),
                            "updateMask" | "update_mask" => Ok(GeneratedField::UpdateMask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateRoleBindingRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.UpdateRoleBindingRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateRoleBindingRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut role_binding__ = None;
                let mut update_mask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::RoleBinding => {
                            if role_binding__.is_some() {
                                return Err(serde::de::Error::duplicate_field("roleBinding"));
                            }
                            role_binding__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateMask => {
                            if update_mask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateMask"));
                            }
                            update_mask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(UpdateRoleBindingRequest {
                    role_binding: role_binding__,
                    update_mask: update_mask__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.UpdateRoleBindingRequest", FIELDS, GeneratedVisitor)
    }
}
impl serde::Serialize for UpdateRoleRequest {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.iam.v2beta1.UpdateRoleRequest", len)?;
        if let Some(v) = self.role.as_ref() {
            struct_ser.serialize_field("role", v)?;
        }
        if let Some(v) = self.update_mask.as_ref() {
            struct_ser.serialize_field("updateMask", v)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UpdateRoleRequest {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "role",
            "update_mask",
            "updateMask",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            Role,
            UpdateMask,
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
                            "role" => Ok(GeneratedField::Role),
                            "updateMask" | "update_mask" => Ok(GeneratedField::UpdateMask),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UpdateRoleRequest;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.iam.v2beta1.UpdateRoleRequest")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UpdateRoleRequest, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut role__ = None;
                let mut update_mask__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::Role => {
                            if role__.is_some() {
                                return Err(serde::de::Error::duplicate_field("role"));
                            }
                            role__ = map_.next_value()?;
                        }
                        GeneratedField::UpdateMask => {
                            if update_mask__.is_some() {
                                return Err(serde::de::Error::duplicate_field("updateMask"));
                            }
                            update_mask__ = map_.next_value()?;
                        }
                    }
                }
                Ok(UpdateRoleRequest {
                    role: role__,
                    update_mask: update_mask__,
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.iam.v2beta1.UpdateRoleRequest", FIELDS, GeneratedVisitor)
    }
}
