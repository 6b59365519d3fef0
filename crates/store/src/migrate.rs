//! Upgrades of stored values written by older releases.
//!
//! Every value carries the `version` it was written with. A value older
//! than [`crate::VERSION`] is upgraded on read, one version step at a time,
//! as JSON, before it is decoded; it is written back in the new form the
//! next time it changes. A value that cannot be upgraded is unreadable and
//! is quarantined like any other.

use serde_json::{Value, json};

use crate::keys::Kind;

/// Brings `v`, written with `from`, up to [`crate::VERSION`].
pub(crate) fn upgrade(kind: Option<Kind>, from: u32, mut v: Value) -> Result<Value, String> {
    if from < 2 {
        v = v1_to_v2(kind, v)?;
    }
    Ok(v)
}

/// Version 1 wrote sides as numbers (0 moved first) and a result's reason
/// as a string key (`resigned`, `time`, `agreed`, or the rules' end
/// reason); version 2 writes sides by name and the result as a typed
/// termination.
fn v1_to_v2(kind: Option<Kind>, mut v: Value) -> Result<Value, String> {
    let obj = v.as_object_mut().ok_or("not an object")?;
    match kind {
        Some(Kind::Ongoing | Kind::Finished) => {
            for field in ["draw_offer", "takeback"] {
                let side = side(obj.get(field))?;
                obj.insert(field.into(), side);
            }
            if let Some(r) = obj.get_mut("result").filter(|r| !r.is_null()) {
                let r = r.as_object_mut().ok_or("result is not an object")?;
                let winner = side(r.get("winner"))?;
                let reason = r
                    .get("reason")
                    .and_then(Value::as_str)
                    .ok_or("result without a reason")?;
                let termination = match reason {
                    "resigned" | "time" | "agreed" => json!(reason),
                    rules => json!({ "rules": rules }),
                };
                r.clear();
                r.insert("winner".into(), winner);
                r.insert("termination".into(), termination);
            }
        }
        Some(Kind::Challenge) => {
            let side = side(obj.get("challenger_side"))?;
            obj.insert("challenger_side".into(), side);
        }
        _ => {}
    }
    obj.insert("version".into(), json!(2));
    Ok(v)
}

/// A version 1 side index (or null) as a version 2 side name.
fn side(v: Option<&Value>) -> Result<Value, String> {
    match v {
        None | Some(Value::Null) => Ok(Value::Null),
        Some(v) => match v.as_u64() {
            Some(0) => Ok(json!("first")),
            Some(1) => Ok(json!("second")),
            _ => Err(format!("bad side {v}")),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_1_games_get_named_sides_and_a_typed_termination() {
        let v1 = json!({"version": 1, "draw_offer": 1, "takeback": null,
            "result": {"winner": 0, "reason": "checkmate"}});
        let v2 = upgrade(Some(Kind::Ongoing), 1, v1).unwrap();
        assert_eq!(
            v2,
            json!({"version": 2, "draw_offer": "second", "takeback": null,
                "result": {"winner": "first", "termination": {"rules": "checkmate"}}})
        );
        let v1 = json!({"version": 1, "draw_offer": null, "takeback": 0,
            "result": {"winner": null, "reason": "agreed"}});
        let v2 = upgrade(Some(Kind::Ongoing), 1, v1).unwrap();
        assert_eq!(
            v2["result"],
            json!({"winner": null, "termination": "agreed"})
        );
        assert_eq!(v2["takeback"], json!("first"));
    }

    #[test]
    fn bad_version_1_values_are_refused() {
        let v1 = json!({"version": 1, "draw_offer": 7});
        assert!(upgrade(Some(Kind::Ongoing), 1, v1).is_err());
        let v1 = json!({"version": 1, "challenger_side": "white"});
        assert!(upgrade(Some(Kind::Challenge), 1, v1).is_err());
        assert!(upgrade(Some(Kind::Ongoing), 1, json!([1, 2])).is_err());
    }
}
