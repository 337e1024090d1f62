#![doc = include_str!("../README.md")]

pub mod contract;
pub mod fixtures;

/// An event for a store call whose event a test does not inspect: `group.created` about a
/// fixed uid, its data rendered by the real protojson renderer. Each call gets a fresh id.
#[must_use]
pub fn ev() -> grove_domain::events::NewEvent {
    #[allow(clippy::expect_used)]
    let subject = grove_domain::Uidp::parse("00000000000000000000000000000000000000e0").expect("a valid uid");
    grove_domain::events::NewEvent::new(
        grove_domain::events::EventType::GroupCreated,
        &subject,
        grove_domain::Timestamp::from_unix_millis(0).unwrap_or_else(|| unreachable!("epoch")),
        std::sync::Arc::new(grove_proto::convert::ProtoJsonRenderer),
    )
}

/// The tokio the contract suite runs on, for adapters whose fixtures need to name it.
pub use tokio;

/// Expands to one `#[test]` per contract case, each running the case against a fixture
/// from `$make` (a future resolving to a [`contract::StoreFixture`]) on a fresh
/// multi-threaded tokio runtime with two workers. See the crate docs for an example.
#[macro_export]
macro_rules! store_contract_tests {
    ($make:expr) => {
        $crate::store_contract_tests!(@cases ($make)
            group_crud_round_trip,
            update_group_keeps_the_stored_verified_flag_and_a_rename_clears_it,
            organization_creation_binds_the_owner,
            organization_creation_writes_nothing_on_error,
            owned_organization_creation_is_all_or_nothing,
            identity_crud_round_trip,
            a_person_login_creates_the_identity_and_binding_once,
            refresh_tokens_rotate_once_and_reuse_revokes_the_family,
            an_authorization_code_is_used_once_and_expired_records_are_forgotten,
            refresh_tokens_die_with_their_provider_or_its_issuer_or_client_id,
            revoking_a_refresh_token_revokes_its_family,
            a_login_makes_a_person_a_member_of_the_providers_organization,
            identity_seen_sets_only_last_seen_time,
            identity_seen_records_the_token_email,
            identity_company_and_service_principal_round_trip,
            identity_aws_identity_round_trip,
            role_crud_round_trip,
            built_in_roles_are_present_and_immutable,
            role_binding_crud_round_trip,
            repo_crud_round_trip,
            tag_crud_round_trip,
            tag_put_upserts_by_name,
            ping_succeeds,
            a_committed_write_stores_exactly_its_event_and_a_refused_one_none,
            dead_letters_are_listed_oldest_first_replaced_by_id_and_deleted_once,
            dead_letters_list_by_subscription_and_visibility_and_change_with_their_audit_entry,
            every_committed_write_leaves_one_audit_entry_and_only_the_prune_removes_them,
            released_events_are_claimed_again_at_once_and_delivered_ones_stay_delivered,
            renewed_leases_hold_their_undelivered_events_until_the_new_end,
            subscriptions_in_finds_those_directly_inside_the_groups_named,
            group_names_are_unique_among_siblings,
            organization_names_are_unique,
            identity_names_are_unique_within_their_group,
            role_names_are_unique_within_their_group,
            repo_names_are_unique_within_their_group,
            role_binding_triples_are_unique,
            tag_names_are_unique_within_their_repo,
            updates_reject_name_clashes,
            duplicate_uids_are_already_exists,
            create_under_missing_group_is_not_found,
            put_tag_in_missing_repo_is_not_found,
            role_bindings_require_existing_identity_and_role,
            updates_of_missing_rows_are_not_found,
            delete_group_names_child_kinds_in_order,
            delete_group_checks_direct_children_only,
            delete_group_removes_its_role_bindings,
            delete_identity_removes_its_role_bindings,
            delete_role_in_use_fails,
            delete_repo_with_tags_fails,
            deletes_of_missing_rows_are_not_found,
            uidp_descendants_of_is_strict,
            uidp_children_of_returns_direct_children,
            uidp_ancestors_of_is_strict,
            uidp_in_root_returns_root_rows,
            uidp_ids_select_exact_uids,
            uidp_filters_combine_with_and,
            name_filter_is_exact,
            role_binding_filters_by_identity_and_role,
            role_binding_filter_by_group_returns_that_groups_bindings_only,
            identity_filter_by_relationship_type_returns_that_type_only,
            visibility_shows_scopes_and_below_only,
            visibility_root_level_adds_built_in_roles,
            many_scopes_list_exactly_the_owners_rows_inside_them,
            many_scopes_with_root_level_add_the_built_in_roles,
            groups_order_by_every_field,
            identities_order_by_every_field,
            roles_order_by_every_field,
            repos_order_by_every_field,
            tags_order_by_every_field,
            role_bindings_order_and_page,
            keyset_paging_visits_every_row_once,
            skip_counts_from_the_cursor,
            total_ignores_cursor_skip_and_limit,
            plain_descendant_totals_are_exact_and_other_totals_stop_one_above_the_cap,
            cursor_survives_deletion_of_its_row,
            role_binding_views_are_hydrated,
            grants_of_reports_each_binding,
            concurrent_creates_of_one_group_name_admit_exactly_one,
            concurrent_delete_group_and_create_child_never_orphan,
            totals_stay_exact_under_concurrent_creates_and_deletes,
            descendant_totals_stay_exact_under_concurrent_creates_and_deletes,
            terms_are_accepted_once_per_group_and_document,
            terms_of_a_group_are_its_own_and_its_ancestors_acceptances,
            terms_acceptances_order_and_page,
            delete_group_removes_its_terms_acceptances,
            accepting_terms_stores_its_event_only_when_something_is_new,
            group_access_is_requested_once_per_organization_and_identity,
            delete_group_removes_its_access_requests,
            requesting_group_access_stores_its_event_and_a_refused_request_none,
            identity_metadata_round_trips_with_the_company_on_the_identity,
            delete_identity_removes_its_metadata,
            identity_provider_crud_round_trip,
            identity_providers_filter_order_and_page,
            identity_providers_keep_their_group_and_roles,
            external_group_role_mapping_crud_and_filter,
            mappings_go_with_their_provider_and_their_scope,
            mappings_are_batch_deleted_with_one_event,
            mapped_bindings_are_made_shared_left_alone_by_hand_and_removed_with_events,
            identity_provider_events_never_carry_the_secret,
            client_secrets_are_listed_and_replaced_only_while_unchanged,
            scim_credentials_compare_the_etag_and_go_with_their_provider,
            owner_bindings_are_counted_on_the_organization_itself,
            scim_credentials_are_read_in_one_batch,
            scim_users_are_unique_versioned_and_filtered_alike,
            scim_groups_hold_users_of_their_provider_and_go_with_it,
            advisory_put_get_round_trip,
            advisory_ids_are_unique_per_group_and_groups_must_exist,
            a_group_holding_advisories_cannot_be_deleted,
            advisories_filter_on_every_field,
            advisories_order_page_and_respect_visibility,
            group_invite_crud_round_trip,
            group_invites_filter_order_and_page,
            account_association_crud_round_trip,
            account_associations_filter_and_order,
            redeeming_an_invite_binds_marks_it_used_and_stores_both_events,
            concurrent_redemptions_of_a_single_use_invite_admit_exactly_one,
            repo_readme_sync_config_and_overlay_round_trip,
            repos_are_found_by_organization_and_name,
            tag_bundles_round_trip_and_are_replaced_on_put,
            tag_list_filters_filter,
            tag_shape_follows_a_rename,
            create_tag_only_creates_and_move_tag_changes_only_the_digest,
            advisory_create_and_versioned_update_store_their_events,
            console_sessions_are_touched_changed_and_deleted_once,
            idle_console_sessions_are_gone_when_touched_and_pruned,
            a_full_console_session_table_drops_the_least_recently_seen,
            pending_console_logins_are_taken_once_and_capped,
        );
    };
    (@cases ($make:expr) $($case:ident,)+) => {
        $(
            #[test]
            fn $case() {
                $crate::contract::run_case($make, $crate::contract::$case);
            }
        )+
    };
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    fn cases_in(source: &str) -> Vec<String> {
        source
            .lines()
            .filter_map(|line| line.strip_prefix("pub async fn "))
            .filter_map(|rest| rest.split_once("(store: Arc<dyn Store>)"))
            .map(|(name, _)| name.to_owned())
            .collect()
    }

    #[test]
    fn the_macro_runs_every_contract_case_once() {
        let defined: Vec<String> = [
            include_str!("contract/crud.rs"),
            include_str!("contract/integrity.rs"),
            include_str!("contract/deletes.rs"),
            include_str!("contract/lists.rs"),
            include_str!("contract/concurrency.rs"),
            include_str!("contract/events.rs"),
            include_str!("contract/fanout.rs"),
            include_str!("contract/terms.rs"),
            include_str!("contract/onboarding.rs"),
            include_str!("contract/identity_providers.rs"),
            include_str!("contract/advisories.rs"),
            include_str!("contract/group_invites.rs"),
            include_str!("contract/account_associations.rs"),
            include_str!("contract/logins.rs"),
            include_str!("contract/registry.rs"),
            include_str!("contract/scim.rs"),
            include_str!("contract/scim_provisioning.rs"),
            include_str!("contract/audit.rs"),
            include_str!("contract/console_sessions.rs"),
        ]
        .iter()
        .flat_map(|source| cases_in(source))
        .collect();
        let lib = include_str!("lib.rs");
        let start = lib.find("@cases ($make)\n").expect("case list starts");
        let end = start + lib[start..].find(");").expect("case list ends");
        let listed: Vec<String> = lib[start..end]
            .lines()
            .skip(1)
            .map(|line| line.trim().trim_end_matches(',').to_owned())
            .filter(|name| !name.is_empty())
            .collect();
        assert_eq!(listed.iter().collect::<BTreeSet<_>>().len(), listed.len(), "no case is listed twice");
        assert_eq!(listed.iter().collect::<BTreeSet<_>>(), defined.iter().collect::<BTreeSet<_>>());
        assert!(defined.len() >= 50, "found {} cases", defined.len());
    }
}
