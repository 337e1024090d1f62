impl serde::Serialize for UidpFilter {
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
        let mut struct_ser = serializer.serialize_struct("chainguard.platform.common.UIDPFilter", len)?;
        if true {
            struct_ser.serialize_field("ancestorsOf", &self.ancestors_of)?;
        }
        if true {
            struct_ser.serialize_field("descendantsOf", &self.descendants_of)?;
        }
        if true {
            struct_ser.serialize_field("childrenOf", &self.children_of)?;
        }
        if true {
            struct_ser.serialize_field("inRoot", &self.in_root)?;
        }
        if true {
            struct_ser.serialize_field("ids", &self.ids)?;
        }
        struct_ser.end()
    }
}
impl<'de> serde::Deserialize<'de> for UidpFilter {
    #[allow(deprecated)]
    fn deserialize<D>(deserializer: D) -> std::result::Result<Self, D::Error>
    where
        D: serde::Deserializer<'de>,
    {
        const FIELDS: &[&str] = &[
            "ancestors_of",
            "ancestorsOf",
            "descendants_of",
            "descendantsOf",
            "children_of",
            "childrenOf",
            "in_root",
            "inRoot",
            "ids",
        ];

        #[allow(clippy::enum_variant_names)]
        enum GeneratedField {
            AncestorsOf,
            DescendantsOf,
            ChildrenOf,
            InRoot,
            Ids,
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
                            "ancestorsOf" | "ancestors_of" => Ok(GeneratedField::AncestorsOf),
                            "descendantsOf" | "descendants_of" => Ok(GeneratedField::DescendantsOf),
                            "childrenOf" | "children_of" => Ok(GeneratedField::ChildrenOf),
                            "inRoot" | "in_root" => Ok(GeneratedField::InRoot),
                            "ids" => Ok(GeneratedField::Ids),
                            _ => Err(serde::de::Error::unknown_field(value, FIELDS)),
                        }
                    }
                }
                deserializer.deserialize_identifier(GeneratedVisitor)
            }
        }
        struct GeneratedVisitor;
        impl<'de> serde::de::Visitor<'de> for GeneratedVisitor {
            type Value = UidpFilter;

            fn expecting(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                formatter.write_str("struct chainguard.platform.common.UIDPFilter")
            }

            fn visit_map<V>(self, mut map_: V) -> std::result::Result<UidpFilter, V::Error>
                where
                    V: serde::de::MapAccess<'de>,
            {
                let mut ancestors_of__ = None;
                let mut descendants_of__ = None;
                let mut children_of__ = None;
                let mut in_root__ = None;
                let mut ids__ = None;
                while let Some(k) = map_.next_key()? {
                    match k {
                        GeneratedField::AncestorsOf => {
                            if ancestors_of__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ancestorsOf"));
                            }
                            ancestors_of__ = Some(map_.next_value()?);
                        }
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
                        GeneratedField::InRoot => {
                            if in_root__.is_some() {
                                return Err(serde::de::Error::duplicate_field("inRoot"));
                            }
                            in_root__ = Some(map_.next_value()?);
                        }
                        GeneratedField::Ids => {
                            if ids__.is_some() {
                                return Err(serde::de::Error::duplicate_field("ids"));
                            }
                            ids__ = Some(map_.next_value()?);
                        }
                    }
                }
                Ok(UidpFilter {
                    ancestors_of: ancestors_of__.unwrap_or_default(),
                    descendants_of: descendants_of__.unwrap_or_default(),
                    children_of: children_of__.unwrap_or_default(),
                    in_root: in_root__.unwrap_or_default(),
                    ids: ids__.unwrap_or_default(),
                })
            }
        }
        deserializer.deserialize_struct("chainguard.platform.common.UIDPFilter", FIELDS, GeneratedVisitor)
    }
}
