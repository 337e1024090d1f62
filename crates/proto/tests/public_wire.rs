//! Grove's served wire against the public definitions: everything Grove's descriptor set
//! defines in a public package (any package but Grove's own `grove.*`) must be in the public
//! definitions with the same field numbers, labels, types and JSON names, enum values and
//! methods. A client generated from the public definitions that parses strictly (as
//! protobuf's `json_format.Parse` does by default) refuses an answer with a field or enum
//! value it does not know, so Grove may serve *fewer* fields, values or methods than the
//! public definitions (features it does not have yet), never extra or different ones. What
//! Grove keeps beyond them lives in its own `grove.*` packages (docs/wire.md).
//!
//! The descriptor set is the one reflection serves and REST reads its messages from, so this
//! covers every message and enum reachable from every served gRPC service and REST route
//! (and the option messages beside them). The public facts are the committed table
//! `public-wire.tsv` (`cargo xtask public-wire <chainguard-dev/sdk checkout>`), so this test
//! needs no checkout of the public definitions.

use std::collections::{BTreeMap, BTreeSet};

use prost::Message as _;
use prost_types::field_descriptor_proto::{Label, Type};
use prost_types::{DescriptorProto, EnumDescriptorProto, FieldDescriptorProto, FileDescriptorSet};

/// One field as the table writes it: number, label, type, JSON name.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Field {
    number: i32,
    label: String,
    ty: String,
    json: String,
}

impl std::fmt::Display for Field {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "= {} ({} {}, json {:?})", self.number, self.label, self.ty, self.json)
    }
}

/// Messages, enums and services by full name.
#[derive(Debug, Default)]
struct Wire {
    messages: BTreeMap<String, BTreeMap<String, Field>>,
    enums: BTreeMap<String, BTreeMap<String, i32>>,
    /// Methods by name: input and output types.
    services: BTreeMap<String, BTreeMap<String, (String, String)>>,
}

/// The committed table of the public definitions.
fn public() -> Wire {
    let mut wire = Wire::default();
    for (n, line) in include_str!("../public-wire.tsv").lines().enumerate() {
        if line.starts_with('#') || line.is_empty() {
            continue;
        }
        let cols: Vec<&str> = line.split('\t').collect();
        let at = || format!("public-wire.tsv line {}: {line:?}", n + 1);
        match cols.as_slice() {
            ["message", name] => {
                wire.messages.entry((*name).to_owned()).or_default();
            }
            ["field", message, name, number, label, ty, json] => {
                let field = Field {
                    number: number.parse().unwrap_or_else(|_| panic!("{}", at())),
                    label: (*label).to_owned(),
                    ty: (*ty).to_owned(),
                    json: (*json).to_owned(),
                };
                wire.messages.entry((*message).to_owned()).or_default().insert((*name).to_owned(), field);
            }
            ["enum", name] => {
                wire.enums.entry((*name).to_owned()).or_default();
            }
            ["value", e, name, number] => {
                let number = number.parse().unwrap_or_else(|_| panic!("{}", at()));
                wire.enums.entry((*e).to_owned()).or_default().insert((*name).to_owned(), number);
            }
            ["service", name] => {
                wire.services.entry((*name).to_owned()).or_default();
            }
            ["method", service, name, input, output] => {
                let io = ((*input).to_owned(), (*output).to_owned());
                wire.services.entry((*service).to_owned()).or_default().insert((*name).to_owned(), io);
            }
            _ => panic!("{}", at()),
        }
    }
    wire
}

fn join(scope: &str, name: &str) -> String {
    if scope.is_empty() {
        name.to_owned()
    } else {
        format!("{scope}.{name}")
    }
}

fn strip(type_name: &str) -> &str {
    type_name.strip_prefix('.').unwrap_or(type_name)
}

fn field(f: &FieldDescriptorProto) -> Field {
    let label = match f.label() {
        Label::Repeated => "repeated",
        _ if f.proto3_optional() => "optional",
        _ => "singular",
    };
    let ty = match f.r#type() {
        Type::Message | Type::Enum | Type::Group => strip(f.type_name()).to_owned(),
        scalar => scalar.as_str_name().trim_start_matches("TYPE_").to_ascii_lowercase(),
    };
    Field { number: f.number(), label: label.to_owned(), ty, json: f.json_name().to_owned() }
}

fn add_message(scope: &str, m: &DescriptorProto, wire: &mut Wire) {
    let full = join(scope, m.name());
    let fields = m.field.iter().map(|f| (f.name().to_owned(), field(f))).collect();
    wire.messages.insert(full.clone(), fields);
    for nested in &m.nested_type {
        add_message(&full, nested, wire);
    }
    for e in &m.enum_type {
        add_enum(&full, e, wire);
    }
}

fn add_enum(scope: &str, e: &EnumDescriptorProto, wire: &mut Wire) {
    let values = e.value.iter().map(|v| (v.name().to_owned(), v.number())).collect();
    wire.enums.insert(join(scope, e.name()), values);
}

/// Grove's own packages, which the public definitions know nothing of.
fn is_groves_own(package: &str) -> bool {
    package == "grove" || package.starts_with("grove.")
}

/// What Grove's served descriptor set defines in public packages.
fn served_in_public_packages() -> Wire {
    let fds = FileDescriptorSet::decode(grove_proto::DESCRIPTORS).expect("the embedded descriptor set decodes");
    let mut wire = Wire::default();
    for file in fds.file.iter().filter(|f| !is_groves_own(f.package())) {
        for m in &file.message_type {
            add_message(file.package(), m, &mut wire);
        }
        for e in &file.enum_type {
            add_enum(file.package(), e, &mut wire);
        }
        for s in &file.service {
            let methods = s
                .method
                .iter()
                .map(|m| (m.name().to_owned(), (strip(m.input_type()).to_owned(), strip(m.output_type()).to_owned())))
                .collect();
            wire.services.insert(join(file.package(), s.name()), methods);
        }
    }
    wire
}

/// Every way `served` goes beyond or differs from `public`, one line each.
fn differences(served: &Wire, public: &Wire) -> Vec<String> {
    let mut found = Vec::new();
    for (name, fields) in &served.messages {
        let Some(public_fields) = public.messages.get(name) else {
            found.push(format!("message {name} is not in the public definitions"));
            continue;
        };
        for (field_name, f) in fields {
            match public_fields.get(field_name) {
                None => found.push(format!("{name}: field {field_name} {f} is not in the public definitions")),
                Some(p) if p != f => found.push(format!("{name}: field {field_name} {f}, public {p}")),
                Some(_) => {}
            }
        }
    }
    for (name, values) in &served.enums {
        let Some(public_values) = public.enums.get(name) else {
            found.push(format!("enum {name} is not in the public definitions"));
            continue;
        };
        for (value, number) in values {
            match public_values.get(value) {
                None => found.push(format!("{name}: value {value} = {number} is not in the public definitions")),
                Some(p) if p != number => found.push(format!("{name}: value {value} = {number}, public {p}")),
                Some(_) => {}
            }
        }
    }
    for (name, methods) in &served.services {
        let Some(public_methods) = public.services.get(name) else {
            found.push(format!("service {name} is not in the public definitions"));
            continue;
        };
        for (method, io) in methods {
            match public_methods.get(method) {
                None => found.push(format!("{name}: method {method} is not in the public definitions")),
                Some(p) if p != io => {
                    found.push(format!("{name}: method {method} takes and answers {io:?}, public {p:?}"))
                }
                Some(_) => {}
            }
        }
    }
    found
}

#[test]
fn every_served_message_enum_and_service_in_a_public_package_is_public_with_nothing_extra() {
    let found = differences(&served_in_public_packages(), &public());
    assert!(found.is_empty(), "{} differences from the public definitions:\n{}", found.len(), found.join("\n"));
}

#[test]
fn the_served_descriptors_hold_the_public_packages_and_grove_keeps_its_own_apart() {
    let served = served_in_public_packages();
    // The check above is not vacuous: the resources clients use most are there.
    for message in [
        "chainguard.platform.iam.v2beta1.Group",
        "chainguard.platform.iam.v2beta1.RoleBinding",
        "chainguard.platform.iam.v2.Role",
        "chainguard.platform.registry.v2beta1.Repo",
        "chainguard.platform.oidc.RawToken",
    ] {
        assert!(served.messages.contains_key(message), "{message}");
    }
    assert!(served.enums.contains_key("chainguard.capabilities.Capability"));
    let packages: BTreeSet<String> = FileDescriptorSet::decode(grove_proto::DESCRIPTORS)
        .unwrap()
        .file
        .iter()
        .map(|f| f.package().to_owned())
        .filter(|p| is_groves_own(p))
        .collect();
    assert_eq!(
        packages,
        BTreeSet::from([
            "grove.audit.v1alpha1".to_owned(),
            "grove.events.v1alpha1".to_owned(),
            "grove.iam.v1alpha1".to_owned()
        ])
    );
}

#[test]
fn a_field_an_enum_value_or_a_method_beyond_the_public_ones_is_reported() {
    let mut public = Wire::default();
    let field = |number, ty: &str| Field { number, label: "singular".into(), ty: ty.into(), json: "x".into() };
    public.messages.insert("p.M".into(), BTreeMap::from([("a".into(), field(1, "string"))]));
    public.enums.insert("p.E".into(), BTreeMap::from([("E_A".into(), 1)]));
    public.services.insert("p.S".into(), BTreeMap::from([("Get".into(), ("p.M".into(), "p.M".into()))]));
    let mut served = Wire::default();
    served
        .messages
        .insert("p.M".into(), BTreeMap::from([("a".into(), field(2, "string")), ("b".into(), field(3, "int64"))]));
    served.messages.insert("p.Own".into(), BTreeMap::new());
    served.enums.insert("p.E".into(), BTreeMap::from([("E_A".into(), 1), ("E_B".into(), 2)]));
    served.services.insert(
        "p.S".into(),
        BTreeMap::from([("Get".into(), ("p.M".into(), "p.M".into())), ("Extra".into(), ("p.M".into(), "p.M".into()))]),
    );
    assert_eq!(
        differences(&served, &public),
        [
            "p.M: field a = 2 (singular string, json \"x\"), public = 1 (singular string, json \"x\")",
            "p.M: field b = 3 (singular int64, json \"x\") is not in the public definitions",
            "message p.Own is not in the public definitions",
            "p.E: value E_B = 2 is not in the public definitions",
            "p.S: method Extra is not in the public definitions",
        ]
    );
    // Fewer is fine: a served message without the public field `a` differs in nothing.
    served.messages.insert("p.M".into(), BTreeMap::new());
    served.messages.remove("p.Own");
    served.enums.insert("p.E".into(), BTreeMap::new());
    served.services.insert("p.S".into(), BTreeMap::new());
    assert!(differences(&served, &public).is_empty());
}
