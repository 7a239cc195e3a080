//! melange: a gRPC game-engine service for the Dune board games.
pub mod api;
pub mod load;
pub mod matches;
pub mod rules;
pub mod server;
pub mod pb {
    //! The generated contract, package `melange.v1`.
    #![allow(missing_docs, clippy::all)]
    tonic::include_proto!("melange.v1");
    /// The encoded descriptor set served by gRPC reflection.
    pub const FILE_DESCRIPTOR_SET: &[u8] =
        tonic::include_file_descriptor_set!("melange_descriptor");
}
