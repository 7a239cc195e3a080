use tonic::{Request, Status};

use crate::matches::MatchError;

use crate::matches::TokenHash;

/// The bearer token of a request's `authorization` metadata, if any.
///
/// A present but unreadable header is malformed input, not a missing token;
/// a header whose token is empty (`Bearer ` or `Bearer    `) is refused with
/// `UNAUTHENTICATED`, so that an empty token never matches anything.
pub fn bearer<T>(request: &Request<T>) -> Result<Option<&str>, Status> {
    let Some(value) = request.metadata().get("authorization") else {
        return Ok(None);
    };
    let value = value.to_str().map_err(|_| {
        Status::from(MatchError::InvalidArgument(
            "the authorization metadata is not ASCII text".to_owned(),
        ))
    })?;
    let token = match value.trim() {
        "Bearer" | "bearer" => "",
        _ => value
            .strip_prefix("Bearer ")
            .or_else(|| value.strip_prefix("bearer "))
            .ok_or_else(|| {
                Status::from(MatchError::InvalidArgument(
                    "the authorization metadata must read `Bearer <token>`".to_owned(),
                ))
            })?
            .trim(),
    };
    if token.is_empty() {
        return Err(Status::from(MatchError::Unauthenticated(
            "the bearer token in the authorization metadata is empty".to_owned(),
        )));
    }
    Ok(Some(token))
}

/// Whether `token` is the admin token. Neither side may be empty: an admin
/// token that trims to nothing matches nothing, even if a library caller
/// skipped [`super::ServerConfig::validate`].
pub fn is_admin(admin: Option<&str>, token: &str) -> bool {
    match admin {
        Some(admin) if !admin.trim().is_empty() && !token.trim().is_empty() => {
            TokenHash::of(admin).matches(token)
        }
        _ => false,
    }
}
