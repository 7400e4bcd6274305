//! The writer's calendar: "today" and "this month" in the time zone the browser sends
//! (`timeZone`, an IANA name such as `Europe/Paris`; UTC without one). Computed here and passed
//! to queries as moments, so SQL stays the same on both databases (docs/rules.md "Dashboard").

use chrono::{DateTime, Datelike, NaiveDate, TimeZone, Utc};
use chrono_tz::Tz;

use crate::error::{ApiError, ErrorCode};

/// A moment seen from the writer's time zone.
#[derive(Clone, Copy, Debug)]
pub struct WriterClock {
    zone: Tz,
    now: DateTime<Utc>,
}

impl WriterClock {
    /// Now, in the zone named by the browser; an unknown name is the writer's mistake (400).
    pub fn parse(time_zone: Option<&str>) -> Result<Self, ApiError> {
        Self::at(time_zone, Utc::now())
    }

    pub fn at(time_zone: Option<&str>, now: DateTime<Utc>) -> Result<Self, ApiError> {
        let zone = match time_zone.map(str::trim).filter(|name| !name.is_empty()) {
            None => Tz::UTC,
            Some(name) => name.parse::<Tz>().map_err(|_| {
                ApiError::bad_request(
                    ErrorCode::InvalidTimeZone,
                    format!("Unknown time zone '{name}': expected an IANA name such as Europe/Paris"),
                )
            })?,
        };
        Ok(Self { zone, now })
    }

    /// The writer's date today.
    pub fn today(&self) -> NaiveDate {
        self.now.with_timezone(&self.zone).date_naive()
    }

    /// The first moment of the writer's current month, as a UTC moment.
    pub fn month_start(&self) -> DateTime<Utc> {
        let today = self.today();
        let first = NaiveDate::from_ymd_opt(today.year(), today.month(), 1).expect("every month has a first day");
        start_of_day(self.zone, first)
    }
}

/// The first moment of `day` in `zone`. Where midnight does not exist (a zone that moves its
/// clocks at midnight), the day starts at the first moment that does.
fn start_of_day(zone: Tz, day: NaiveDate) -> DateTime<Utc> {
    let mut local = day.and_hms_opt(0, 0, 0).expect("midnight is a time");
    for _ in 0..=24 * 4 {
        if let Some(moment) = zone.from_local_datetime(&local).earliest() {
            return moment.with_timezone(&Utc);
        }
        local += chrono::Duration::minutes(15);
    }
    zone.from_utc_datetime(&local).with_timezone(&Utc)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn utc(text: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(text).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn the_month_begins_at_the_writers_midnight() {
        // 23:30 UTC on 31 October is already 1 November in Paris (UTC+1 after the clocks went back).
        let paris = WriterClock::at(Some("Europe/Paris"), utc("2026-10-31T23:30:00Z")).unwrap();
        assert_eq!(paris.today(), NaiveDate::from_ymd_opt(2026, 11, 1).unwrap());
        assert_eq!(paris.month_start(), utc("2026-10-31T23:00:00Z"));
        // The same moment is still October in UTC and in New York.
        let plain = WriterClock::at(None, utc("2026-10-31T23:30:00Z")).unwrap();
        assert_eq!(plain.month_start(), utc("2026-10-01T00:00:00Z"));
        let new_york = WriterClock::at(Some("America/New_York"), utc("2026-10-31T23:30:00Z")).unwrap();
        assert_eq!(new_york.month_start(), utc("2026-10-01T04:00:00Z"));
    }

    #[test]
    fn january_follows_december_and_summer_time_counts() {
        let tokyo = WriterClock::at(Some("Asia/Tokyo"), utc("2026-12-31T15:00:00Z")).unwrap();
        assert_eq!(tokyo.today(), NaiveDate::from_ymd_opt(2027, 1, 1).unwrap());
        assert_eq!(tokyo.month_start(), utc("2026-12-31T15:00:00Z"));
        let paris_summer = WriterClock::at(Some("Europe/Paris"), utc("2026-07-15T12:00:00Z")).unwrap();
        assert_eq!(paris_summer.month_start(), utc("2026-06-30T22:00:00Z"));
    }

    #[test]
    fn a_missing_midnight_starts_the_day_at_the_first_real_moment() {
        // Havana moved its clocks from 00:00 to 01:00 on 11 March 2012: that day began at 01:00,
        // UTC-4.
        let day = NaiveDate::from_ymd_opt(2012, 3, 11).unwrap();
        let havana = start_of_day("America/Havana".parse().unwrap(), day);
        assert_eq!(havana, utc("2012-03-11T05:00:00Z"));
    }

    #[test]
    fn an_unknown_zone_is_refused() {
        let error = WriterClock::at(Some("Mars/Olympus"), Utc::now()).unwrap_err();
        assert_eq!(error.code(), ErrorCode::InvalidTimeZone);
        assert!(WriterClock::at(Some(" "), Utc::now()).is_ok());
    }
}
