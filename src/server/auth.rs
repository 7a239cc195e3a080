use tonic::{Request, Status};

/// The bearer token of a request's `authorization` metadata, if any.
///
/// A present but unreadable header is malformed input, not a missing token.
pub fn bearer<T>(request: &Request<T>) -> Result<Option<&str>, Status> {
    let Some(value) = request.metadata().get("authorization") else {
        return Ok(None);
    };
    let value = value
        .to_str()
        .map_err(|_| Status::invalid_argument("the authorization metadata is not ASCII text"))?;
    let token = value
        .strip_prefix("Bearer ")
        .or_else(|| value.strip_prefix("bearer "))
        .ok_or_else(|| {
            Status::invalid_argument("the authorization metadata must read `Bearer <token>`")
        })?;
    Ok(Some(token.trim()))
}
