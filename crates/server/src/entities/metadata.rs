//! The type-specific fields of an entity (docs/data.md "Metadata per type"), read and checked at
//! the boundary: each type keeps its own fields, in their own shapes, and drops the rest. A
//! request with a field of the wrong shape is refused whole (`invalid_metadata`); what is stored
//! is read back leniently, so an old record with a stray value still shows.

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

use super::types::{EntityKind, PersonCategory};
use crate::auth::users::Gender;
use crate::error::{ApiError, ErrorCode};

/// The category stored in an entity's metadata (a person's relationship to the writer, a
/// location's or object's kind), if any.
pub fn stored_category(stored: &Value) -> Option<&str> {
    stored.get("category").and_then(Value::as_str)
}

/// Whether a person's stored metadata marks the writer themself.
pub fn is_myself(stored: &Value) -> bool {
    stored_category(stored) == Some("myself")
}

/// Where a location is in the writer's life. The create form offers the first list, the edit form
/// the second; both are accepted (docs/data.md "Metadata per type").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum LocationCategory {
    Home,
    Work,
    School,
    University,
    Restaurant,
    Cafe,
    Bar,
    Park,
    Beach,
    Mountain,
    Hospital,
    Gym,
    Store,
    Mall,
    Cinema,
    Theater,
    Museum,
    Library,
    Church,
    Temple,
    Mosque,
    Airport,
    TrainStation,
    BusStop,
    Hotel,
    VacationSpot,
    FriendHouse,
    FamilyHouse,
    Residence,
    PastResidence,
    Workplace,
    Hometown,
    FavoritePlace,
    EventLocation,
    Other,
}

/// What an object is; both the create list and the edit list are accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ObjectCategory {
    Book,
    Movie,
    TvShow,
    Music,
    Song,
    Album,
    Artwork,
    Photo,
    Video,
    Document,
    Letter,
    Diary,
    Jewelry,
    Clothing,
    Toy,
    Game,
    Instrument,
    Tool,
    Furniture,
    Car,
    Bike,
    Electronic,
    Phone,
    Computer,
    Gift,
    Souvenir,
    Heirloom,
    Collectible,
    Art,
    Cloth,
    Application,
    Joke,
    Other,
}

/// What kind of activity; both the create list and the edit list are accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum ActivityCategory {
    Work,
    Hobby,
    Sport,
    Exercise,
    Travel,
    Study,
    Reading,
    Writing,
    Cooking,
    Gardening,
    Music,
    Art,
    Photography,
    Gaming,
    Socializing,
    Dating,
    FamilyTime,
    Volunteering,
    Learning,
    Meditation,
    Therapy,
    Medical,
    Shopping,
    Entertainment,
    Celebration,
    Ceremony,
    Religious,
    Game,
    Social,
    Spiritual,
    Creative,
    Other,
}

/// The type-specific fields of every type in one object; each type answers only its own
/// (docs/data.md "Metadata per type"). Absent fields are left out.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EntityMetadata {
    /// person: a person category; location, object, activity: that type's category.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub gender: Option<Gender>,
    /// person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub birth_date: Option<NaiveDate>,
    /// person: how they stand to the writer, in the writer's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relationship_to_user: Option<String>,
    /// person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub occupation: Option<String>,
    /// location.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub address: Option<String>,
    /// location.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub visited_dates: Option<Vec<NaiveDate>>,
    /// location: degrees north (stored in millionths of a degree).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub latitude: Option<f64>,
    /// location: degrees east (stored in millionths of a degree).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub longitude: Option<f64>,
    /// object: 1 to 10, 5 unless said.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub appreciation: Option<i64>,
    /// activity, emotion: how often, in the writer's words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub frequency: Option<String>,
    /// activity: who takes part.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub participants: Option<Vec<String>>,
    /// activity.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub date: Option<NaiveDate>,
    /// activity, event: where.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub location: Option<String>,
    /// emotion: 1 to 10.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub intensity: Option<i64>,
    /// emotion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub triggers: Option<Vec<String>>,
    /// emotion.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coping_strategies: Option<Vec<String>>,
    /// lifePeriod.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start_date: Option<NaiveDate>,
    /// lifePeriod: absent while the period goes on ("Present").
    #[serde(skip_serializing_if = "Option::is_none")]
    pub end_date: Option<NaiveDate>,
    /// lifePeriod: one day, the end being the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_one_day: Option<bool>,
    /// lifePeriod: the periods it belongs to, by id (answered, and accepted as `parentPeriods`
    /// or the single `parentPeriod`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_periods: Option<Vec<i64>>,
    /// event.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub event_date: Option<NaiveDate>,
}

/// Text fields: at most this many characters; lists: at most this many items.
const TEXT_MAX: usize = 500;
const LIST_MAX: usize = 100;
/// Texts that date inputs show in place of a date; they say "no date".
const DATE_PLACEHOLDERS: [&str; 3] = ["add start date", "add end date", "present"];

/// Metadata read from a request: the fields, the period parents when the request names them
/// (`None`: leave them as they are), and the aliases and notes sent inside it.
#[derive(Debug, Default)]
pub struct MetadataInput {
    pub fields: EntityMetadata,
    pub parents: Option<Vec<i64>>,
    pub aliases: Option<Vec<String>>,
    pub notes: Option<String>,
}

/// How values are read: from a request, where a bad value refuses the whole request and
/// coordinates are degrees; or from storage, where a bad value is skipped and coordinates are
/// millionths of a degree.
#[derive(Clone, Copy, PartialEq)]
enum Source {
    Request,
    Stored,
}

struct Reader {
    map: Map<String, Value>,
    source: Source,
}

fn invalid(key: &str, problem: &str) -> ApiError {
    ApiError::bad_request(ErrorCode::InvalidMetadata, format!("{key}: {problem}"))
}

impl Reader {
    /// The value of `key` unless absent, null or blank text.
    fn take(&mut self, key: &str) -> Option<Value> {
        match self.map.remove(key)? {
            Value::Null => None,
            Value::String(text) if crate::text::is_blank(&text) => None,
            value => Some(value),
        }
    }

    /// Read a value; a bad one is an error from a request and nothing from storage.
    fn read<T>(
        &mut self,
        key: &str,
        parse: impl FnOnce(Value) -> Result<T, &'static str>,
    ) -> Result<Option<T>, ApiError> {
        let Some(value) = self.take(key) else { return Ok(None) };
        match (parse(value), self.source) {
            (Ok(parsed), _) => Ok(Some(parsed)),
            (Err(problem), Source::Request) => Err(invalid(key, problem)),
            (Err(_), Source::Stored) => Ok(None),
        }
    }

    fn text(&mut self, key: &str) -> Result<Option<String>, ApiError> {
        self.read(key, text)
    }

    fn date(&mut self, key: &str) -> Result<Option<NaiveDate>, ApiError> {
        match self.map.get(key) {
            Some(Value::String(s)) if DATE_PLACEHOLDERS.contains(&s.trim().to_lowercase().as_str()) => {
                self.map.remove(key);
                Ok(None)
            }
            _ => self.read(key, date),
        }
    }

    fn whole(&mut self, key: &str, range: std::ops::RangeInclusive<i64>) -> Result<Option<i64>, ApiError> {
        self.read(key, |value| {
            let number = match &value {
                Value::Number(n) => n.as_i64().or_else(|| n.as_f64().filter(|f| f.fract() == 0.0).map(|f| f as i64)),
                Value::String(s) => s.trim().parse().ok(),
                _ => None,
            };
            number.filter(|n| range.contains(n)).ok_or("must be a whole number in its range")
        })
    }

    fn texts(&mut self, key: &str) -> Result<Option<Vec<String>>, ApiError> {
        let list = self.read(key, |value| list(value, text))?;
        Ok(list.filter(|l| !l.is_empty()))
    }

    fn dates(&mut self, key: &str) -> Result<Option<Vec<NaiveDate>>, ApiError> {
        let list = self.read(key, |value| list(value, date))?;
        Ok(list.filter(|l| !l.is_empty()))
    }

    fn flag(&mut self, key: &str) -> Result<Option<bool>, ApiError> {
        self.read(key, |value| match value {
            Value::Bool(b) => Ok(b),
            Value::String(s) if s == "true" || s == "false" => Ok(s == "true"),
            _ => Err("must be true or false"),
        })
    }

    /// A category of one of the lists, answered in its API spelling.
    fn category<T: Serialize + serde::de::DeserializeOwned>(&mut self, key: &str) -> Result<Option<String>, ApiError> {
        self.read(key, |value| {
            let raw = value.as_str().ok_or("must be one of the categories")?;
            let loose = lifegraph_extract::search_key(raw).replace([' ', '_'], "-");
            let parsed: T = crate::text::parse_name(&loose).ok_or("must be one of the categories")?;
            Ok(serde_json::to_value(parsed).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default())
        })
    }

    /// Degrees within ±`limit`: from a request in degrees, from storage in millionths.
    fn coordinate(&mut self, key: &str, limit: f64) -> Result<Option<f64>, ApiError> {
        let source = self.source;
        self.read(key, |value| {
            let number = match &value {
                Value::Number(n) => n.as_f64(),
                Value::String(s) => s.trim().parse::<f64>().ok(),
                _ => None,
            }
            .ok_or("must be a number of degrees")?;
            let degrees = match source {
                Source::Request => number,
                Source::Stored => number / 1e6,
            };
            if !degrees.is_finite() || degrees.abs() > limit {
                return Err("is out of range");
            }
            // Millionths of a degree: what is stored is what is answered.
            Ok((degrees * 1e6).round() / 1e6)
        })
    }

    /// `parentPeriods` (a list) and `parentPeriod` (one id) together; `None` when neither is sent.
    fn parents(&mut self) -> Result<Option<Vec<i64>>, ApiError> {
        let sent = self.map.contains_key("parentPeriods") || self.map.contains_key("parentPeriod");
        let mut ids = self.read("parentPeriods", |value| list(value, id))?.unwrap_or_default();
        match self.map.get("parentPeriod") {
            // The forms' "no parent" choice.
            Some(Value::String(s)) if s == "none" => {
                self.map.remove("parentPeriod");
            }
            _ => ids.extend(self.read("parentPeriod", id)?),
        }
        ids.sort_unstable();
        ids.dedup();
        Ok(sent.then_some(ids))
    }
}

fn text(value: Value) -> Result<String, &'static str> {
    let text = value.as_str().ok_or("must be text")?;
    let text = crate::text::trim(text);
    if text.chars().count() > TEXT_MAX {
        return Err("is too long (500 characters at most)");
    }
    Ok(text.to_owned())
}

fn date(value: Value) -> Result<NaiveDate, &'static str> {
    let raw = value.as_str().ok_or("must be a date (yyyy-MM-dd)")?;
    crate::memories::types::checked_date(Some(raw)).ok().flatten().ok_or("must be a date (yyyy-MM-dd)")
}

fn id(value: Value) -> Result<i64, &'static str> {
    match &value {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    }
    .filter(|id| *id > 0)
    .ok_or("must be entity ids")
}

/// A list of values, blanks left out, at most [`LIST_MAX`].
fn list<T>(value: Value, item: fn(Value) -> Result<T, &'static str>) -> Result<Vec<T>, &'static str> {
    let Value::Array(values) = value else { return Err("must be a list") };
    if values.len() > LIST_MAX {
        return Err("has too many items (100 at most)");
    }
    values
        .into_iter()
        .filter(|v| !v.is_null() && v.as_str().is_none_or(|s| !crate::text::is_blank(s)))
        .map(item)
        .collect()
}

impl EntityMetadata {
    /// The fields of `kind` in a request's metadata; a person without a category is a friend,
    /// an object without an appreciation a 5.
    pub fn from_request(kind: EntityKind, map: Map<String, Value>) -> Result<MetadataInput, ApiError> {
        let mut reader = Reader { map, source: Source::Request };
        let aliases = reader.read("aliases", |value| list(value, text))?;
        let notes = reader.read("notes", |value| value.as_str().map(str::to_owned).ok_or("must be text"))?;
        let parents = if kind == EntityKind::LifePeriod { reader.parents()? } else { None };
        let mut fields = Self::read(kind, &mut reader)?;
        if kind == EntityKind::LifePeriod {
            if fields.is_one_day == Some(true) {
                fields.end_date = fields.start_date;
            }
            if let (Some(start), Some(end)) = (fields.start_date, fields.end_date)
                && end < start
            {
                return Err(invalid("endDate", "must not be before the start date"));
            }
        }
        fields.set_defaults(kind);
        Ok(MetadataInput { fields, parents, aliases, notes })
    }

    /// The fields of `kind` as stored (see [`Self::to_stored`]), bad values skipped.
    pub fn from_stored(kind: EntityKind, stored: &Value) -> Self {
        let map = stored.as_object().cloned().unwrap_or_default();
        let mut fields = Self::read(kind, &mut Reader { map, source: Source::Stored }).unwrap_or_default();
        fields.set_defaults(kind);
        fields
    }

    /// What the database keeps: these fields, coordinates in millionths of a degree, no parents
    /// (they are links, `entity_relationships`).
    pub fn to_stored(&self) -> Value {
        let mut value =
            serde_json::to_value(Self { parent_periods: None, ..self.clone() }).expect("metadata serializes");
        for key in ["latitude", "longitude"] {
            if let Some(degrees) = value.get(key).and_then(Value::as_f64) {
                value[key] = Value::from((degrees * 1e6).round() as i64);
            }
        }
        value
    }

    fn set_defaults(&mut self, kind: EntityKind) {
        match kind {
            EntityKind::Person if self.category.is_none() => self.category = Some("friend".to_owned()),
            EntityKind::Object if self.appreciation.is_none() => self.appreciation = Some(5),
            _ => {}
        }
    }

    fn read(kind: EntityKind, r: &mut Reader) -> Result<Self, ApiError> {
        let mut m = Self::default();
        match kind {
            EntityKind::Person => {
                m.category = r.category::<PersonCategory>("category")?;
                m.gender = r.read("gender", |v| {
                    v.as_str().and_then(crate::text::parse_name).ok_or("must be one of the genders")
                })?;
                m.birth_date = r.date("birthDate")?;
                m.relationship_to_user = r.text("relationshipToUser")?;
                m.occupation = r.text("occupation")?;
            }
            EntityKind::Location => {
                m.category = r.category::<LocationCategory>("category")?;
                m.address = r.text("address")?;
                m.visited_dates = r.dates("visitedDates")?;
                m.latitude = r.coordinate("latitude", 90.0)?;
                m.longitude = r.coordinate("longitude", 180.0)?;
            }
            EntityKind::Object => {
                m.category = r.category::<ObjectCategory>("category")?;
                m.appreciation = r.whole("appreciation", 1..=10)?;
            }
            EntityKind::Activity => {
                m.category = r.category::<ActivityCategory>("category")?;
                m.frequency = r.text("frequency")?;
                m.participants = r.texts("participants")?;
                m.date = r.date("date")?;
                m.location = r.text("location")?;
            }
            EntityKind::Emotion => {
                m.intensity = r.whole("intensity", 1..=10)?;
                m.frequency = r.text("frequency")?;
                m.triggers = r.texts("triggers")?;
                m.coping_strategies = r.texts("copingStrategies")?;
            }
            EntityKind::LifePeriod => {
                m.start_date = r.date("startDate")?;
                m.end_date = r.date("endDate")?;
                m.is_one_day = r.flag("isOneDay")?.filter(|one_day| *one_day);
            }
            EntityKind::Event => {
                m.event_date = r.date("eventDate")?;
                m.location = r.text("location")?;
            }
        }
        Ok(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn request(kind: EntityKind, value: Value) -> Result<MetadataInput, ApiError> {
        EntityMetadata::from_request(kind, value.as_object().unwrap().clone())
    }

    #[test]
    fn each_type_keeps_its_own_fields() {
        let person = request(
            EntityKind::Person,
            json!({"category": "Best friend", "gender": "non-binary", "birthDate": "1990-02-03",
                   "occupation": " nurse ", "appreciation": 9, "address": "here"}),
        )
        .unwrap()
        .fields;
        assert_eq!(person.category.as_deref(), Some("best-friend"));
        assert_eq!(person.gender, Some(Gender::NonBinary));
        assert_eq!(person.occupation.as_deref(), Some("nurse"));
        assert_eq!((person.appreciation, person.address), (None, None), "another type's fields are dropped");
    }

    #[test]
    fn defaults_fill_what_was_not_said() {
        assert_eq!(request(EntityKind::Person, json!({})).unwrap().fields.category.as_deref(), Some("friend"));
        assert_eq!(request(EntityKind::Object, json!({})).unwrap().fields.appreciation, Some(5));
    }

    #[test]
    fn bad_values_are_refused_with_the_field_named() {
        for (kind, metadata) in [
            (EntityKind::Object, json!({"appreciation": 11})),
            (EntityKind::Object, json!({"appreciation": 2.5})),
            (EntityKind::Person, json!({"category": "stranger"})),
            (EntityKind::Person, json!({"gender": "robot"})),
            (EntityKind::Location, json!({"latitude": 91})),
            (EntityKind::Location, json!({"visitedDates": ["yesterday"]})),
            (EntityKind::Emotion, json!({"triggers": "rain"})),
            (EntityKind::LifePeriod, json!({"startDate": "2020-05-01", "endDate": "2019-01-01"})),
            (EntityKind::LifePeriod, json!({"parentPeriods": ["x"]})),
        ] {
            let refused = request(kind, metadata.clone()).unwrap_err();
            assert_eq!(refused.code(), ErrorCode::InvalidMetadata, "{metadata}");
        }
    }

    #[test]
    fn period_placeholders_blank_values_and_empty_lists_say_nothing() {
        let period = request(
            EntityKind::LifePeriod,
            json!({"startDate": "Add start date", "endDate": "Present", "parentPeriod": "none", "aliases": ["", "x"]}),
        )
        .unwrap();
        assert_eq!(period.fields, EntityMetadata::default());
        assert_eq!(period.parents, Some(vec![]), "\"none\" clears the parents");
        let emotion = request(EntityKind::Emotion, json!({"triggers": [], "frequency": "  "})).unwrap().fields;
        assert_eq!(emotion, EntityMetadata::default());
    }

    #[test]
    fn a_one_day_period_ends_when_it_starts_and_parents_come_in_both_forms() {
        let period = request(
            EntityKind::LifePeriod,
            json!({"startDate": "2012-06-30", "endDate": "2013-01-01", "isOneDay": true,
                   "parentPeriod": 4, "parentPeriods": [7, "4"]}),
        )
        .unwrap();
        assert_eq!(period.fields.end_date, period.fields.start_date);
        assert_eq!(period.parents, Some(vec![4, 7]));
        assert_eq!(request(EntityKind::LifePeriod, json!({})).unwrap().parents, None, "not sent: unchanged");
    }

    #[test]
    fn coordinates_are_stored_in_millionths_and_answered_in_degrees() {
        let place = request(EntityKind::Location, json!({"latitude": 45.923_456_78, "longitude": "6.8694"})).unwrap();
        let stored = place.fields.to_stored();
        assert_eq!(stored["latitude"], json!(45_923_457));
        assert_eq!(stored["longitude"], json!(6_869_400));
        let answered = EntityMetadata::from_stored(EntityKind::Location, &stored);
        assert_eq!((answered.latitude, answered.longitude), (Some(45.923_457), Some(6.8694)));
    }

    #[test]
    fn stored_values_of_the_wrong_shape_are_skipped_not_fatal() {
        let stored = json!({"category": "planet", "appreciation": "lots", "notes": 3});
        let object = EntityMetadata::from_stored(EntityKind::Object, &stored);
        assert_eq!((object.category, object.appreciation), (None, Some(5)));
    }
}
