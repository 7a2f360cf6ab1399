//! The address phones in the hall use to reach this server: what QR codes and
//! printed links carry. Given with `--public-url`, or found on the machine's own
//! network (the address of a non-loopback interface, with the port it serves on).

use std::net::{IpAddr, SocketAddr, UdpSocket};

/// How the phones reach the server.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub enum Reach {
    /// At this address (`http://192.168.1.20:8080`, no trailing slash).
    At(String),
    /// Only from this machine: it listens on a loopback address.
    LocalOnly,
    /// Not known: the address each browser used stands in.
    #[default]
    Unknown,
}

impl Reach {
    /// The address phones use, when one is known.
    pub fn url(&self) -> Option<&str> {
        match self {
            Reach::At(u) => Some(u),
            _ => None,
        }
    }
}

/// The reach of a server listening on `local`, with `public` given by the operator.
pub fn reach(public: Option<&str>, local: SocketAddr) -> Reach {
    if let Some(url) = public.map(str::trim).filter(|u| !u.is_empty()) {
        return Reach::At(url.trim_end_matches('/').to_owned());
    }
    let ip = local.ip();
    if ip.is_loopback() {
        return Reach::LocalOnly;
    }
    let ip = if ip.is_unspecified() {
        match lan_address() {
            Some(ip) => ip,
            None => return Reach::Unknown,
        }
    } else {
        ip
    };
    Reach::At(url_of(ip, local.port()))
}

fn url_of(ip: IpAddr, port: u16) -> String {
    match ip {
        IpAddr::V4(v4) => format!("http://{v4}:{port}"),
        IpAddr::V6(v6) => format!("http://[{v6}]:{port}"),
    }
}

/// The machine's address on its network: the source address the system would use
/// to reach outside (a UDP "connect" sends nothing; it only picks the route).
fn lan_address() -> Option<IpAddr> {
    ["10.255.255.255:1", "192.168.255.255:1", "172.31.255.255:1"]
        .into_iter()
        .find_map(|probe| {
            let socket = UdpSocket::bind("0.0.0.0:0").ok()?;
            socket.connect(probe).ok()?;
            let ip = socket.local_addr().ok()?.ip();
            (!ip.is_loopback() && !ip.is_unspecified()).then_some(ip)
        })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn a_public_url_given_is_the_reach_without_its_trailing_slash() {
        let local: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        assert_eq!(
            reach(Some("https://baza.club.es/"), local),
            Reach::At("https://baza.club.es".into())
        );
    }

    #[test]
    fn a_server_on_loopback_is_reached_from_this_machine_only() {
        let local: SocketAddr = "127.0.0.1:8080".parse().unwrap();
        assert_eq!(reach(None, local), Reach::LocalOnly);
    }

    #[test]
    fn a_server_on_one_address_is_reached_there_and_on_all_at_a_lan_address() {
        let local: SocketAddr = "192.168.1.20:8080".parse().unwrap();
        assert_eq!(
            reach(None, local),
            Reach::At("http://192.168.1.20:8080".into())
        );
        let any: SocketAddr = "0.0.0.0:8080".parse().unwrap();
        if let Reach::At(url) = reach(None, any) {
            assert!(
                url.starts_with("http://") && url.ends_with(":8080"),
                "{url}"
            );
            assert!(
                !url.contains("127.0.0.1") && !url.contains("0.0.0.0"),
                "{url}"
            );
        }
    }
}
