// @generated automatically by Diesel CLI.

diesel::table! {
    account_associations (uid) {
        uid -> Text,
        parent_uid -> Nullable<Text>,
        name -> Text,
        description -> Text,
        providers -> Jsonb,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
    }
}

diesel::table! {
    advisories (uid) {
        uid -> Text,
        parent_uid -> Text,
        advisory_id -> Text,
        legacy_advisory_id -> Nullable<Text>,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
        artifact_name -> Text,
        component_name -> Text,
        origin -> Text,
        aliases -> Array<Nullable<Text>>,
        event_authors -> Array<Nullable<Text>>,
        event_reviewers -> Array<Nullable<Text>>,
        latest_event_type -> Nullable<Int2>,
        facets -> Array<Nullable<Text>>,
        search -> Text,
        body -> Jsonb,
    }
}

diesel::table! {
    audit_entries (uid) {
        uid -> Text,
        parent_uid -> Text,
        event_id -> Text,
        time -> Timestamptz,
        #[sql_name = "type"]
        type_ -> Text,
        subject -> Text,
        actor -> Text,
        actor_provider -> Text,
        request_id -> Text,
        transport -> Text,
        data -> Text,
    }
}

diesel::table! {
    console_logins (id_hash) {
        id_hash -> Text,
        verifier -> Text,
        started -> Timestamptz,
    }
}

diesel::table! {
    console_sessions (id_hash) {
        id_hash -> Text,
        identity_uid -> Text,
        token -> Text,
        token_expiry -> Timestamptz,
        refresh_token -> Nullable<Text>,
        csrf -> Text,
        create_time -> Timestamptz,
        last_seen -> Timestamptz,
        flash_error -> Nullable<Bool>,
        flash_text -> Nullable<Text>,
        flash_invite_code -> Nullable<Text>,
        display -> Nullable<Text>,
    }
}

diesel::table! {
    event_dead_letters (id) {
        id -> Text,
        event_id -> Text,
        #[sql_name = "type"]
        type_ -> Text,
        time -> Timestamptz,
        group_uid -> Text,
        subject -> Text,
        data -> Text,
        subscription_uid -> Text,
        sink -> Text,
        attempts -> Int4,
        reason -> Text,
        failed_at -> Timestamptz,
        actor -> Text,
        actor_provider -> Text,
        request_id -> Text,
        transport -> Text,
    }
}

diesel::table! {
    events (id) {
        seq -> Int8,
        id -> Text,
        #[sql_name = "type"]
        type_ -> Text,
        time -> Timestamptz,
        group_uid -> Text,
        subject -> Text,
        data -> Text,
        leased_until -> Nullable<Timestamptz>,
        delivered -> Nullable<Timestamptz>,
        actor -> Text,
        actor_provider -> Text,
        request_id -> Text,
        transport -> Text,
    }
}

diesel::table! {
    external_group_role_mappings (uid) {
        uid -> Text,
        parent_uid -> Text,
        external_group_id -> Text,
        role_uid -> Text,
        scope -> Text,
        create_time -> Timestamptz,
    }
}

diesel::table! {
    groups (uid) {
        uid -> Text,
        parent_uid -> Nullable<Text>,
        name -> Text,
        description -> Text,
        verified -> Bool,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
    }
}

diesel::table! {
    group_descendant_counts (ancestor_uid, shard) {
        ancestor_uid -> Text,
        shard -> Int2,
        descendants -> Int8,
    }
}

diesel::table! {
    group_access_requests (uid) {
        uid -> Text,
        parent_uid -> Text,
        identity_uid -> Text,
        email -> Text,
        create_time -> Timestamptz,
    }
}

diesel::table! {
    group_invites (uid) {
        uid -> Text,
        parent_uid -> Text,
        role_uid -> Text,
        email -> Text,
        expiration_time -> Timestamptz,
        single_use -> Bool,
        key_id -> Text,
        create_time -> Timestamptz,
        used_time -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    identities (uid) {
        uid -> Text,
        parent_uid -> Nullable<Text>,
        name -> Text,
        description -> Text,
        relationship -> Jsonb,
        issuer -> Text,
        subject -> Text,
        last_seen_time -> Nullable<Timestamptz>,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
        company -> Text,
        email -> Text,
        email_unverified -> Text,
        relationship_type -> Text,
        email_voucher -> Text,
    }
}

diesel::table! {
    identity_metadata (identity_uid) {
        identity_uid -> Text,
        updates_opt_in -> Bool,
        product -> Text,
        job_title -> Text,
        utm_campaign -> Text,
        utm_content -> Text,
        utm_medium -> Text,
        utm_source -> Text,
        utm_term -> Text,
        latest_form_submit_url -> Text,
        latest_internal_referring_url -> Text,
        self_serve -> Bool,
    }
}

diesel::table! {
    identity_providers (uid) {
        uid -> Text,
        parent_uid -> Text,
        name -> Text,
        description -> Text,
        default_role -> Text,
        issuer -> Text,
        client_id -> Text,
        client_secret -> Nullable<Text>,
        additional_scopes -> Array<Nullable<Text>>,
        groups_claim -> Text,
        correlation_rule -> Int4,
        pkce_enabled -> Bool,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
    }
}

diesel::table! {
    identity_provider_scim (identity_provider_uid) {
        identity_provider_uid -> Text,
        enabled -> Bool,
        token_sha256 -> Nullable<Text>,
        expire_time -> Nullable<Timestamptz>,
        previous_token_sha256 -> Nullable<Text>,
        previous_expire_time -> Nullable<Timestamptz>,
        revoke_time -> Nullable<Timestamptz>,
        etag -> Text,
        update_time -> Timestamptz,
    }
}

diesel::table! {
    organization_members (organization_uid, identity_uid) {
        organization_uid -> Text,
        identity_uid -> Text,
        create_time -> Timestamptz,
    }
}

diesel::table! {
    refresh_tokens (token_hash) {
        token_hash -> Text,
        family -> Text,
        identity_uid -> Text,
        provider -> Text,
        create_time -> Timestamptz,
        expire_time -> Timestamptz,
        used_time -> Nullable<Timestamptz>,
        provider_issuer -> Text,
        provider_client_id -> Text,
    }
}

diesel::table! {
    repos (uid) {
        uid -> Text,
        parent_uid -> Text,
        name -> Text,
        description -> Text,
        aliases -> Array<Nullable<Text>>,
        bundles -> Array<Nullable<Text>>,
        active_tags -> Array<Nullable<Text>>,
        catalog_tier -> Int4,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
        readme -> Text,
        sync_config -> Nullable<Jsonb>,
        custom_overlay -> Nullable<Jsonb>,
    }
}

diesel::table! {
    mapped_role_bindings (binding_uid, mapping_uid, source) {
        binding_uid -> Text,
        mapping_uid -> Text,
        provider_uid -> Text,
        identity_uid -> Text,
        source -> Int2,
    }
}

diesel::table! {
    role_bindings (uid) {
        uid -> Text,
        parent_uid -> Text,
        identity_uid -> Text,
        role_uid -> Text,
        create_time -> Timestamptz,
    }
}

diesel::table! {
    roles (uid) {
        uid -> Text,
        parent_uid -> Nullable<Text>,
        name -> Text,
        description -> Text,
        capabilities -> Array<Nullable<Int4>>,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
    }
}

diesel::table! {
    scim_group_members (group_uid, user_uid) {
        group_uid -> Text,
        user_uid -> Text,
    }
}

diesel::table! {
    scim_groups (uid) {
        uid -> Text,
        identity_provider_uid -> Text,
        display_name -> Text,
        external_id -> Nullable<Text>,
        version -> Int8,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
    }
}

diesel::table! {
    scim_users (uid) {
        uid -> Text,
        identity_provider_uid -> Text,
        user_name -> Text,
        external_id -> Nullable<Text>,
        display_name -> Nullable<Text>,
        active -> Bool,
        emails -> Jsonb,
        email_values -> Array<Nullable<Text>>,
        resource -> Jsonb,
        identity_uid -> Nullable<Text>,
        linked_identity_uid -> Nullable<Text>,
        version -> Int8,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
    }
}

diesel::table! {
    subscriptions (uid) {
        uid -> Text,
        parent_uid -> Text,
        sink -> Text,
    }
}

diesel::table! {
    tags (uid) {
        uid -> Text,
        parent_uid -> Text,
        name -> Text,
        digest -> Text,
        deprecated -> Bool,
        create_time -> Timestamptz,
        update_time -> Timestamptz,
        bundles -> Array<Nullable<Text>>,
        shape -> Int2,
    }
}

diesel::table! {
    terms_acceptances (uid) {
        uid -> Text,
        parent_uid -> Text,
        doc_id -> Text,
        accepted_by -> Text,
        create_time -> Timestamptz,
    }
}

diesel::table! {
    used_authorization_codes (code_hash) {
        code_hash -> Text,
        expire_time -> Timestamptz,
    }
}

diesel::joinable!(advisories -> groups (parent_uid));
diesel::joinable!(external_group_role_mappings -> groups (scope));
diesel::joinable!(external_group_role_mappings -> identity_providers (parent_uid));
diesel::joinable!(external_group_role_mappings -> roles (role_uid));
diesel::joinable!(group_access_requests -> groups (parent_uid));
diesel::joinable!(group_invites -> groups (parent_uid));
diesel::joinable!(identities -> groups (parent_uid));
diesel::joinable!(identity_metadata -> identities (identity_uid));
diesel::joinable!(identity_provider_scim -> identity_providers (identity_provider_uid));
diesel::joinable!(identity_providers -> groups (parent_uid));
diesel::joinable!(identity_providers -> roles (default_role));
diesel::joinable!(organization_members -> groups (organization_uid));
diesel::joinable!(organization_members -> identities (identity_uid));
diesel::joinable!(refresh_tokens -> identities (identity_uid));
diesel::joinable!(repos -> groups (parent_uid));
diesel::joinable!(role_bindings -> groups (parent_uid));
diesel::joinable!(role_bindings -> identities (identity_uid));
diesel::joinable!(role_bindings -> roles (role_uid));
diesel::joinable!(roles -> groups (parent_uid));
diesel::joinable!(scim_group_members -> scim_groups (group_uid));
diesel::joinable!(scim_group_members -> scim_users (user_uid));
diesel::joinable!(scim_groups -> identity_providers (identity_provider_uid));
diesel::joinable!(scim_users -> identity_providers (identity_provider_uid));
diesel::joinable!(subscriptions -> groups (parent_uid));
diesel::joinable!(tags -> repos (parent_uid));
diesel::joinable!(terms_acceptances -> groups (parent_uid));

diesel::allow_tables_to_appear_in_same_query!(
    account_associations,
    advisories,
    audit_entries,
    console_logins,
    console_sessions,
    event_dead_letters,
    events,
    external_group_role_mappings,
    group_access_requests,
    group_descendant_counts,
    group_invites,
    groups,
    identities,
    identity_metadata,
    identity_provider_scim,
    identity_providers,
    mapped_role_bindings,
    organization_members,
    refresh_tokens,
    repos,
    role_bindings,
    roles,
    scim_group_members,
    scim_groups,
    scim_users,
    subscriptions,
    tags,
    terms_acceptances,
    used_authorization_codes,
);
