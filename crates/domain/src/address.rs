//! Which network an IP address is in, for the two places Grove connects to addresses a client
//! chose: OIDC issuers (the token exchange) and webhook sinks (the event relay). One table of
//! ranges serves both, so the SSRF guards cannot drift apart.
//!
//! An IPv6 address that carries an IPv4 one (IPv4-mapped, SIIT-translated, NAT64, 6to4,
//! Teredo, IPv4-compatible) is judged by the IPv4 address it reaches: a NAT64 gateway or a
//! 6to4 relay would otherwise carry `64:ff9b::7f00:1` to `127.0.0.1` or `2002:a00:1::` to
//! `10.0.0.1` past a guard that saw only a public IPv6 address.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The kind of network an address is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressRange {
    /// Anything not below.
    Public,
    /// `127.0.0.0/8`, `::1`.
    Loopback,
    /// RFC 1918, carrier-grade NAT (`100.64.0.0/10`), unique-local IPv6 (`fc00::/7`), the
    /// deprecated site-local IPv6 (`fec0::/10`, the unique-local of its day) and the local-use
    /// NAT64 prefix (`64:ff9b:1::/48`, translated inside the operator's network).
    Private,
    /// Never a destination: link-local, unspecified, broadcast, multicast, documentation,
    /// reserved and benchmarking ranges.
    Never,
}

/// The range of `ip`; an IPv6 address that carries an IPv4 address counts as the IPv4
/// address it reaches (`embedded_v4`).
#[must_use]
pub fn classify(ip: IpAddr) -> AddressRange {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => match embedded_v4(v6) {
            Some(Embedded::Reaches(v4)) => classify_v4(v4),
            // Translated inside the operator's network: private at least, and as strict as
            // the address it reaches when that is worse.
            Some(Embedded::LocalNat64(v4)) => match classify_v4(v4) {
                AddressRange::Public => AddressRange::Private,
                other => other,
            },
            // Deprecated and routed nowhere on purpose (RFC 4291 2.5.5.1); some stacks still
            // tunnel it to the IPv4 address, so a non-public one keeps its own range.
            Some(Embedded::Compatible(v4)) => match classify_v4(v4) {
                AddressRange::Public => AddressRange::Never,
                other => other,
            },
            None => classify_v6(v6),
        },
    }
}

/// How an IPv6 address carries an IPv4 address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Embedded {
    /// Traffic to the IPv6 address ends at this IPv4 address: IPv4-mapped `::ffff:0:0/96`,
    /// SIIT-translated `::ffff:0:0:0/96` (RFC 2765), the NAT64 well-known prefix
    /// `64:ff9b::/96` (RFC 6052), 6to4 `2002::/16` (RFC 3056, the address in bits 16-47) and
    /// Teredo `2001::/32` (RFC 4380, the client's address in the last 32 bits, inverted).
    Reaches(Ipv4Addr),
    /// The local-use NAT64 prefix `64:ff9b:1::/48` (RFC 8215), read with a /96 translator.
    LocalNat64(Ipv4Addr),
    /// IPv4-compatible `::a.b.c.d` (`::/96` but `::` and `::1`).
    Compatible(Ipv4Addr),
}

/// The IPv4 address `ip` carries, and how; `None` for an address that carries none.
fn embedded_v4(ip: Ipv6Addr) -> Option<Embedded> {
    let s = ip.segments();
    let v4 = |hi: u16, lo: u16| Ipv4Addr::from((u32::from(hi) << 16) | u32::from(lo));
    let last = v4(s[6], s[7]);
    match s {
        [0, 0, 0, 0, 0, 0xffff, ..] | [0, 0, 0, 0, 0xffff, 0, ..] | [0x64, 0xff9b, 0, 0, 0, 0, ..] => {
            Some(Embedded::Reaches(last))
        }
        [0x64, 0xff9b, 1, ..] => Some(Embedded::LocalNat64(last)),
        [0x2002, hi, lo, ..] => Some(Embedded::Reaches(v4(hi, lo))),
        [0x2001, 0, ..] => Some(Embedded::Reaches(Ipv4Addr::from(!u32::from(last)))),
        // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
        [0, 0, 0, 0, 0, 0, 0, 0 | 1] => None,
        [0, 0, 0, 0, 0, 0, ..] => Some(Embedded::Compatible(last)),
        _ => None,
    }
}

fn classify_v4(ip: Ipv4Addr) -> AddressRange {
    let [a, b, ..] = ip.octets();
    if ip.is_loopback() {
        AddressRange::Loopback
    } else if ip.is_private() || (a == 100 && (64..128).contains(&b)) {
        AddressRange::Private
    } else if ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || a >= 240
        || (a == 192 && b == 0)
        || (a == 198 && (18..20).contains(&b))
    {
        AddressRange::Never
    } else {
        AddressRange::Public
    }
}

fn classify_v6(ip: Ipv6Addr) -> AddressRange {
    let first = ip.segments()[0];
    if ip.is_loopback() {
        AddressRange::Loopback
    } else if first & 0xfe00 == 0xfc00 || first & 0xffc0 == 0xfec0 {
        AddressRange::Private
    } else if ip.is_unspecified()
        || ip.is_multicast()
        || first & 0xffc0 == 0xfe80
        || first == 0x2001 && ip.segments()[1] == 0xdb8
    {
        AddressRange::Never
    } else {
        AddressRange::Public
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn range(ip: &str) -> AddressRange {
        classify(ip.parse().unwrap())
    }

    #[test]
    fn every_range_is_told_apart_and_mapped_addresses_count_as_ipv4() {
        for (ip, expected) in [
            ("8.8.8.8", AddressRange::Public),
            ("2606:4700::1111", AddressRange::Public),
            ("127.0.0.1", AddressRange::Loopback),
            ("::1", AddressRange::Loopback),
            ("::ffff:127.0.0.1", AddressRange::Loopback),
            ("10.1.2.3", AddressRange::Private),
            ("100.64.0.1", AddressRange::Private),
            ("fd00::1", AddressRange::Private),
            ("::ffff:192.168.0.1", AddressRange::Private),
            ("169.254.169.254", AddressRange::Never),
            ("0.0.0.0", AddressRange::Never),
            ("192.0.0.1", AddressRange::Never),
            ("198.18.0.1", AddressRange::Never),
            ("fe80::1", AddressRange::Never),
            ("2001:db8::1", AddressRange::Never),
        ] {
            assert_eq!(range(ip), expected, "{ip}");
        }
    }

    #[test]
    fn ipv6_forms_that_carry_an_ipv4_address_count_as_the_address_they_reach() {
        use AddressRange::{Loopback, Never, Private, Public};
        for (ip, expected, why) in [
            // NAT64 well-known prefix (RFC 6052): the last 32 bits.
            ("64:ff9b::7f00:1", Loopback, "NAT64 of 127.0.0.1"),
            ("64:ff9b::127.0.0.1", Loopback, "NAT64 of 127.0.0.1, dotted"),
            ("64:ff9b::a00:1", Private, "NAT64 of 10.0.0.1"),
            ("64:ff9b::c0a8:101", Private, "NAT64 of 192.168.1.1"),
            ("64:ff9b::a9fe:a9fe", Never, "NAT64 of the metadata service 169.254.169.254"),
            ("64:ff9b::808:808", Public, "NAT64 of 8.8.8.8"),
            // Local-use NAT64 prefix (RFC 8215): never public.
            ("64:ff9b:1::808:808", Private, "local-use NAT64 of 8.8.8.8"),
            ("64:ff9b:1::7f00:1", Loopback, "local-use NAT64 of 127.0.0.1"),
            ("64:ff9b:1:ffff::a9fe:a9fe", Never, "local-use NAT64 of 169.254.169.254"),
            // 6to4 (RFC 3056): bits 16-47.
            ("2002:a00:1::", Private, "6to4 of 10.0.0.1"),
            ("2002:0a00:0001::1", Private, "6to4 of 10.0.0.1, a host in its site"),
            ("2002:7f00:1::", Loopback, "6to4 of 127.0.0.1"),
            ("2002:a9fe:a9fe::1", Never, "6to4 of 169.254.169.254"),
            ("2002:c0a8:101:1::1", Private, "6to4 of 192.168.1.1"),
            ("2002:808:808::1", Public, "6to4 of 8.8.8.8"),
            // Teredo (RFC 4380): the client's address is the last 32 bits inverted.
            ("2001:0:4136:e378:8000:63bf:80ff:fffe", Loopback, "Teredo client 127.0.0.1"),
            ("2001:0:4136:e378:8000:63bf:f5ff:fffe", Private, "Teredo client 10.0.0.1"),
            ("2001:0:4136:e378:8000:63bf:5601:5601", Never, "Teredo client 169.254.169.254"),
            ("2001:0:4136:e378:8000:63bf:f7f7:f7f7", Public, "Teredo client 8.8.8.8"),
            // IPv4-mapped and SIIT-translated.
            ("::ffff:10.0.0.1", Private, "IPv4-mapped 10.0.0.1"),
            ("::ffff:0:127.0.0.1", Loopback, "SIIT-translated 127.0.0.1"),
            ("::ffff:0:10.0.0.1", Private, "SIIT-translated 10.0.0.1"),
            ("::ffff:0:8.8.8.8", Public, "SIIT-translated 8.8.8.8"),
            // IPv4-compatible (deprecated): its non-public addresses keep their range, and
            // a public one is never a destination.
            ("::127.0.0.1", Loopback, "IPv4-compatible 127.0.0.1"),
            ("::10.0.0.1", Private, "IPv4-compatible 10.0.0.1"),
            ("::169.254.169.254", Never, "IPv4-compatible 169.254.169.254"),
            ("::8.8.8.8", Never, "IPv4-compatible 8.8.8.8"),
            ("::1", Loopback, "the loopback address, not ::0.0.0.1"),
            ("::", Never, "the unspecified address"),
            // Site-local (deprecated, RFC 3879): the unique-local of its day.
            ("fec0::1", Private, "site-local"),
            ("feff:ffff::1", Private, "site-local, top of fec0::/10"),
            ("fe80::1", Never, "link-local, beside it"),
        ] {
            assert_eq!(range(ip), expected, "{ip}: {why}");
        }
    }
}
