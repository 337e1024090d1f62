//! Which network an IP address is in, for the two places Grove connects to addresses a client
//! chose: OIDC issuers (the token exchange) and webhook sinks (the event relay). One table of
//! ranges serves both, so the SSRF guards cannot drift apart.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// The kind of network an address is in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AddressRange {
    /// Anything not below.
    Public,
    /// `127.0.0.0/8`, `::1`.
    Loopback,
    /// RFC 1918, carrier-grade NAT (`100.64.0.0/10`) and unique-local IPv6 (`fc00::/7`).
    Private,
    /// Never a destination: link-local, unspecified, broadcast, multicast, documentation,
    /// reserved and benchmarking ranges.
    Never,
}

/// The range of `ip`; an IPv4-mapped IPv6 address counts as its IPv4 address.
#[must_use]
pub fn classify(ip: IpAddr) -> AddressRange {
    match ip {
        IpAddr::V4(v4) => classify_v4(v4),
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or_else(|| classify_v6(v6), classify_v4),
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
    } else if first & 0xfe00 == 0xfc00 {
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
}
