//! Rate limits where guessing or flooding is possible, per client address (GCRA, from the
//! `governor` crate): sign-in, the checks of invitation and public-link tokens, and feedback.
//!
//! Limits are kept per server process. With several processes behind one address
//! (`--processes N`), each counts its share, the limit divided by N and rounded up, so that
//! the processes together keep the limit when the proxy spreads requests evenly.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::auth::ClientAddr;
use crate::error::ApiError;

/// Past this many remembered clients, forget those whose allowance is full again.
const SHRINK_ABOVE: usize = 10_000;

pub struct Limiter {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
}

impl Limiter {
    /// Up to `per_minute` at once, then one every `60 / per_minute` seconds.
    pub fn per_minute(per_minute: NonZeroU32) -> Self {
        Self { limiter: RateLimiter::keyed(Quota::per_minute(per_minute)), clock: DefaultClock::default() }
    }

    /// Count one attempt; too many answers 429 with the seconds to wait.
    pub fn check(&self, ClientAddr(addr): ClientAddr) -> Result<(), ApiError> {
        if self.limiter.len() > SHRINK_ABOVE {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&bucket(addr)).map_err(|not_until| {
            let wait = not_until.wait_time_from(self.clock.now());
            tracing::info!(%addr, ?wait, "rate limit reached");
            ApiError::TooManyRequests { retry_after_secs: wait.as_secs().max(1) }
        })
    }
}

/// The key a client is counted under: its IPv4 address, or the /64 network of its IPv6
/// address (one home or one server gets a whole /64 and could otherwise pick a new address for
/// every attempt).
fn bucket(addr: IpAddr) -> IpAddr {
    match addr {
        IpAddr::V4(_) => addr,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(std::net::Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX))),
        },
    }
}

/// Every limiter of the server.
pub struct RateLimits {
    /// Starting a sign-in, the local sign-in form, the identity provider's callback.
    pub sign_in: Limiter,
    /// Opening an invitation (check, accept, decline) and reading a public link.
    pub token_checks: Limiter,
    /// Sending feedback.
    pub feedback: Limiter,
}

impl RateLimits {
    pub fn new(config: &crate::config::Config) -> Self {
        Self {
            sign_in: Limiter::per_minute(share(config.sign_in_per_minute, config.processes)),
            token_checks: Limiter::per_minute(share(config.token_checks_per_minute, config.processes)),
            feedback: Limiter::per_minute(share(config.feedback_per_minute, config.processes)),
        }
    }
}

/// One process's share of a limit kept by `processes` processes together.
fn share(limit: NonZeroU32, processes: NonZeroU32) -> NonZeroU32 {
    limit.get().div_ceil(processes.get()).try_into().expect("a positive limit has a positive share")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;

    #[test]
    fn limits_each_client_alone() {
        let limiter = Limiter::per_minute(NonZeroU32::new(3).unwrap());
        let (a, b) = (ClientAddr("192.0.2.1".parse().unwrap()), ClientAddr("192.0.2.2".parse().unwrap()));
        for _ in 0..3 {
            limiter.check(a).unwrap();
        }
        let refused = limiter.check(a).unwrap_err();
        assert_eq!(refused.code(), ErrorCode::RateLimited);
        assert!(
            matches!(refused, ApiError::TooManyRequests { retry_after_secs } if (1..=20).contains(&retry_after_secs))
        );
        limiter.check(b).expect("another client has its own allowance");
    }

    #[test]
    fn processes_share_a_limit() {
        let n = |v: u32| NonZeroU32::new(v).unwrap();
        assert_eq!(share(n(20), n(1)), n(20));
        assert_eq!(share(n(20), n(4)), n(5));
        assert_eq!(share(n(20), n(3)), n(7), "rounded up: never stricter than asked");
        assert_eq!(share(n(2), n(8)), n(1), "every process lets some through");
    }

    #[test]
    fn an_ipv6_network_counts_as_one_client() {
        let limiter = Limiter::per_minute(NonZeroU32::new(2).unwrap());
        let host = |last: &str| ClientAddr(format!("2001:db8:1:2::{last}").parse().unwrap());
        limiter.check(host("1")).unwrap();
        limiter.check(host("2")).unwrap();
        assert!(limiter.check(host("3")).is_err(), "the same /64");
        limiter.check(ClientAddr("2001:db8:1:3::1".parse().unwrap())).expect("another /64");
    }
}
