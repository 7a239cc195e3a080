//! The Smugglers expansion (rule IDs `SM-...`, docs/rules/smugglers.md;
//! decisions in docs/rules-decisions.md, "War for Arrakis: the Smugglers
//! expansion"). Not offered yet: today this module holds the expansion's
//! checked data ([`data`]: `data/arrakis/smugglers.json`, read with
//! [`data::smugglers`]). Every number named here is a field of that file;
//! never write one in code.
pub mod data;
