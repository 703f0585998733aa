#[test_only]
module agent_platform::process_registry_tests {
    use std::option;
    use std::signer;
    use std::string::String;
    use std::vector;
    use agent_platform::payment;
    use agent_platform::process_registry;
    use agent_platform::test_helpers::{Self, s, repeat};

    /// Registers as `owner` with every field given; pricing off unless `has_pricing`.
    fun register_with(
        owner: &signer,
        id: String,
        name: String,
        description: String,
        service_url: String,
        agents: vector<address>,
        workflows: vector<String>,
        tags: vector<String>,
        status: u8,
        has_pricing: bool,
        currency: String,
    ) {
        process_registry::register_process(
            owner, id, name, description, service_url, @0x0, agents, workflows, tags, status,
            has_pricing, 100, currency, false
        );
    }

    /// Registers `id` with valid defaults except the one field a limit test varies.
    fun register_named(owner: &signer, id: String) {
        register_with(
            owner, id, s(b"Name"), s(b""), s(b"https://a.example"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"")
        );
    }

    fun strings(count: u64, length: u64): vector<String> {
        let result = vector::empty<String>();
        let i = 0;
        while (i < count) {
            vector::push_back(&mut result, repeat(97, length));
            i = i + 1;
        };
        result
    }

    fun addresses(count: u64): vector<address> {
        let result = vector::empty<address>();
        let i = 0;
        while (i < count) {
            vector::push_back(&mut result, @0xa9e);
            i = i + 1;
        };
        result
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    fun register_stores_every_field_and_defaults_the_payment_address_to_the_owner(
        fw: &signer,
        admin: &signer,
        owner: &signer,
    ) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"summarizer", @0x0, vector[@0xa9e], true, 250);
        let (id, name, description, stored_owner, service_url, payment_address, agents, workflows, tags, status, pricing, created_at, updated_at) =
            process_registry::unpack_process(process_registry::get_process(s(b"summarizer")));
        assert!(id == s(b"summarizer"), 0);
        assert!(name == s(b"Summarizer"), 1);
        assert!(description == s(b"Summarizes text"), 2);
        assert!(stored_owner == @0xb0b, 3);
        assert!(service_url == s(b"https://agent.example/run"), 4);
        assert!(payment_address == @0xb0b, 5);
        assert!(agents == vector[@0xa9e], 6);
        assert!(vector::is_empty(&workflows) && vector::is_empty(&tags), 7);
        assert!(status == 0, 8);
        assert!(option::is_some(&pricing), 9);
        let p = option::destroy_some(pricing);
        assert!(process_registry::pricing_task_price(&p) == 250, 10);
        assert!(process_registry::pricing_currency(&p) == s(b"APT"), 11);
        assert!(process_registry::pricing_requires_prepayment(&p), 12);
        assert!(created_at == test_helpers::start() && updated_at == created_at, 13);
        assert!(process_registry::process_exists(s(b"summarizer")), 14);
        assert!(process_registry::process_count() == 1, 15);
        assert!(process_registry::owner_process_count(@0xb0b) == 1, 16);
        assert!(process_registry::registry_revision() == 1, 17);
        assert!(process_registry::changed_since(0, 10) == vector[s(b"summarizer")], 18);
        assert!(process_registry::is_active(s(b"summarizer")), 19);
        assert!(process_registry::is_agent(s(b"summarizer"), @0xa9e), 20);
        assert!(!process_registry::is_agent(s(b"summarizer"), @0xb0b), 21);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    fun an_explicit_payment_address_is_kept(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x7ec, vector::empty<address>(), false, 0);
        assert!(process_registry::payment_address_of(s(b"svc")) == @0x7ec, 0);
        assert!(option::is_none(&process_registry::pricing_of(s(b"svc"))), 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    fun an_empty_id_is_assigned_proc_n_from_a_counter(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"", @0x0, vector::empty<address>(), false, 0);
        test_helpers::register(owner, b"chosen", @0x0, vector::empty<address>(), false, 0);
        test_helpers::register(owner, b"", @0x0, vector::empty<address>(), false, 0);
        assert!(process_registry::process_exists(s(b"proc-1")), 0);
        assert!(process_registry::process_exists(s(b"proc-2")), 1);
        assert!(process_registry::changed_since(0, 100) == vector[s(b"proc-1"), s(b"chosen"), s(b"proc-2")], 2);
        // An assigned id is never handed out again, even after deregistration.
        process_registry::deregister_process(owner, s(b"proc-2"));
        test_helpers::register(owner, b"", @0x0, vector::empty<address>(), false, 0);
        assert!(process_registry::process_exists(s(b"proc-3")), 3);
        assert!(!process_registry::process_exists(s(b"proc-2")), 4);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000e, location = agent_platform::process_registry)]
    fun a_caller_chosen_id_may_not_start_with_proc(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"proc-7", @0x0, vector::empty<address>(), false, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b, other = @0x5e)]
    #[expected_failure(abort_code = 0x80002, location = agent_platform::process_registry)]
    fun a_taken_id_is_rejected(fw: &signer, admin: &signer, owner: &signer, other: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x0, vector::empty<address>(), false, 0);
        test_helpers::register(other, b"svc", @0x0, vector::empty<address>(), false, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b, other = @0x5e)]
    #[expected_failure(abort_code = 0x80002, location = agent_platform::process_registry)]
    fun a_deregistered_id_stays_reserved(fw: &signer, admin: &signer, owner: &signer, other: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x0, vector::empty<address>(), false, 0);
        process_registry::deregister_process(owner, s(b"svc"));
        assert!(!process_registry::process_exists(s(b"svc")), 0);
        test_helpers::register(other, b"svc", @0x0, vector::empty<address>(), false, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    fun update_replaces_every_field_but_id_owner_and_created_at(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x0, vector[@0xa9e], true, 100);
        test_helpers::set_time(test_helpers::start() + 50);
        process_registry::update_process(
            owner, s(b"svc"), s(b"New name"), s(b"New description"), s(b"service://agent"), @0x7ec,
            vector::empty<address>(), vector[s(b"wf-1")], vector[s(b"nlp")], 2, false, 0, s(b"USD"), false
        );
        let (id, name, description, stored_owner, service_url, payment_address, agents, workflows, tags, status, pricing, created_at, updated_at) =
            process_registry::unpack_process(process_registry::get_process(s(b"svc")));
        assert!(id == s(b"svc") && stored_owner == @0xb0b, 0);
        assert!(name == s(b"New name") && description == s(b"New description"), 1);
        assert!(service_url == s(b"service://agent") && payment_address == @0x7ec, 2);
        assert!(vector::is_empty(&agents), 3);
        assert!(workflows == vector[s(b"wf-1")] && tags == vector[s(b"nlp")], 4);
        assert!(status == 2 && !process_registry::is_active(s(b"svc")), 5);
        // has_pricing false: no pricing, and the currency is not checked.
        assert!(option::is_none(&pricing), 6);
        assert!(created_at == test_helpers::start() && updated_at == test_helpers::start() + 50, 7);
        assert!(process_registry::registry_revision() == 2, 8);
        assert!(process_registry::changed_since(1, 10) == vector[s(b"svc")], 9);
        assert!(!process_registry::is_agent(s(b"svc"), @0xa9e), 10);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    fun update_with_payment_address_zero_means_the_owner(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x7ec, vector::empty<address>(), false, 0);
        process_registry::update_process(
            owner, s(b"svc"), s(b"Name"), s(b""), s(b"http://a"), @0x0, vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 1, true, 5, s(b"APT"), false
        );
        assert!(process_registry::payment_address_of(s(b"svc")) == @0xb0b, 0);
        assert!(process_registry::status_of(s(b"svc")) == 1, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b, other = @0x5e)]
    #[expected_failure(abort_code = 0x50003, location = agent_platform::process_registry)]
    fun update_by_a_non_owner_is_denied(fw: &signer, admin: &signer, owner: &signer, other: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x0, vector::empty<address>(), false, 0);
        process_registry::update_process(
            other, s(b"svc"), s(b"Name"), s(b""), s(b"http://a"), @0x0, vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, 0, s(b""), false
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x60001, location = agent_platform::process_registry)]
    fun update_of_a_missing_process_is_not_found(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        process_registry::update_process(
            owner, s(b"nope"), s(b"Name"), s(b""), s(b"http://a"), @0x0, vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, 0, s(b""), false
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b, other = @0x5e)]
    #[expected_failure(abort_code = 0x50003, location = agent_platform::process_registry)]
    fun deregister_by_a_non_owner_is_denied(fw: &signer, admin: &signer, owner: &signer, other: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x0, vector::empty<address>(), false, 0);
        process_registry::deregister_process(other, s(b"svc"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x60001, location = agent_platform::process_registry)]
    fun get_process_of_a_missing_id_is_not_found(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x0, vector::empty<address>(), false, 0);
        process_registry::deregister_process(owner, s(b"svc"));
        process_registry::get_process(s(b"svc"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, alice = @0xa11ce, bob = @0xb0b)]
    fun deregister_swap_removes_in_the_global_and_the_owner_index(
        fw: &signer,
        admin: &signer,
        alice: &signer,
        bob: &signer,
    ) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(alice, b"a", @0x0, vector::empty<address>(), false, 0);
        test_helpers::register(alice, b"b", @0x0, vector::empty<address>(), false, 0);
        test_helpers::register(alice, b"c", @0x0, vector::empty<address>(), false, 0);
        test_helpers::register(bob, b"d", @0x0, vector::empty<address>(), false, 0);
        let a = process_registry::get_process(s(b"a"));
        let b = process_registry::get_process(s(b"b"));
        let c = process_registry::get_process(s(b"c"));
        let d = process_registry::get_process(s(b"d"));
        assert!(process_registry::list_processes(0, 100) == vector[a, b, c, d], 0);
        assert!(process_registry::list_processes(1, 2) == vector[b, c], 1);
        assert!(process_registry::list_processes(4, 10) == vector[], 2);
        assert!(process_registry::list_processes(0, 0) == vector[], 3);
        assert!(process_registry::list_processes_by_owner(@0xa11ce, 0, 100) == vector[a, b, c], 4);

        process_registry::deregister_process(alice, s(b"a"));
        assert!(process_registry::process_count() == 3, 5);
        assert!(process_registry::list_processes(0, 100) == vector[d, b, c], 6);
        assert!(process_registry::owner_process_count(@0xa11ce) == 2, 7);
        assert!(process_registry::list_processes_by_owner(@0xa11ce, 0, 100) == vector[c, b], 8);
        assert!(process_registry::list_processes_by_owner(@0xb0b, 0, 100) == vector[d], 9);

        // Removing the last entry moves nothing.
        process_registry::deregister_process(alice, s(b"c"));
        assert!(process_registry::list_processes(0, 100) == vector[d, b], 10);
        assert!(process_registry::list_processes_by_owner(@0xa11ce, 0, 100) == vector[b], 11);
        process_registry::deregister_process(alice, s(b"b"));
        assert!(process_registry::owner_process_count(@0xa11ce) == 0, 12);
        assert!(process_registry::list_processes_by_owner(@0xa11ce, 0, 100) == vector[], 13);
        assert!(process_registry::list_processes(0, 100) == vector[d], 14);

        // The feed saw every change, in order.
        assert!(process_registry::registry_revision() == 7, 15);
        assert!(process_registry::changed_since(4, 100) == vector[s(b"a"), s(b"c"), s(b"b")], 16);
        assert!(process_registry::changed_since(4, 2) == vector[s(b"a"), s(b"c")], 17);
        assert!(process_registry::changed_since(7, 100) == vector[], 18);
        assert!(process_registry::changed_since(99, 100) == vector[], 19);
    }

    // --- limits -------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    fun fields_at_their_limits_are_accepted(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        let url = s(b"https://");
        std::string::append(&mut url, repeat(120, 504));
        register_with(
            owner, repeat(65, 64), repeat(110, 128), repeat(100, 1024), url, addresses(16),
            strings(32, 1), strings(16, 32), 2, true, s(b"APT")
        );
        assert!(process_registry::process_exists(repeat(65, 64)), 0);
        register_named(owner, s(b"Az09._-"));
        register_with(
            owner, s(b"svc-url"), s(b"n"), s(b""), s(b"service://x"), vector::empty<address>(),
            vector::empty<String>(), strings(1, 1), 1, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10004, location = agent_platform::process_registry)]
    fun an_id_of_65_bytes_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_named(owner, repeat(65, 65));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10004, location = agent_platform::process_registry)]
    fun an_id_outside_the_charset_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_named(owner, s(b"has space"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10005, location = agent_platform::process_registry)]
    fun an_empty_name_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b""), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10005, location = agent_platform::process_registry)]
    fun a_name_of_129_bytes_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), repeat(110, 129), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10006, location = agent_platform::process_registry)]
    fun a_description_of_1025_bytes_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), repeat(100, 1025), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10007, location = agent_platform::process_registry)]
    fun a_service_url_with_another_scheme_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"ftp://a"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10007, location = agent_platform::process_registry)]
    fun a_service_url_of_513_bytes_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        let url = s(b"https://");
        std::string::append(&mut url, repeat(120, 505));
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), url, vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000a, location = agent_platform::process_registry)]
    fun seventeen_agents_are_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), addresses(17),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000b, location = agent_platform::process_registry)]
    fun thirty_three_workflows_are_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            strings(33, 4), vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000b, location = agent_platform::process_registry)]
    fun a_workflow_entry_that_is_not_an_id_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            vector[s(b"wf/1")], vector::empty<String>(), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10008, location = agent_platform::process_registry)]
    fun seventeen_tags_are_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), strings(17, 3), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10009, location = agent_platform::process_registry)]
    fun an_empty_tag_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), vector[s(b"")], 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x10009, location = agent_platform::process_registry)]
    fun a_tag_of_33_bytes_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), strings(1, 33), 0, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000c, location = agent_platform::process_registry)]
    fun status_3_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 3, false, s(b"")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000d, location = agent_platform::process_registry)]
    fun pricing_in_another_currency_is_rejected(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, true, s(b"USD")
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    fun without_pricing_the_currency_is_ignored(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        register_with(
            owner, s(b"svc"), s(b"n"), s(b""), s(b"https://a"), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, s(b"USD")
        );
        assert!(option::is_none(&process_registry::pricing_of(s(b"svc"))), 0);
        assert!(signer::address_of(owner) == process_registry::owner_of(s(b"svc")), 1);
    }

    // --- the escrow vault as payment address ----------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000f, location = agent_platform::process_registry)]
    fun the_vault_cannot_be_the_payment_address_at_registration(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", payment::vault_address(), vector::empty<address>(), false, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000f, location = agent_platform::process_registry)]
    fun the_vault_cannot_become_the_payment_address_on_update(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x7ec, vector::empty<address>(), false, 0);
        process_registry::update_process(
            owner, s(b"svc"), s(b"Name"), s(b""), s(b"http://a"), payment::vault_address(), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, false, 0, s(b""), false
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b, other = @0x5e)]
    #[expected_failure(abort_code = 0x1000f, location = agent_platform::process_registry)]
    fun the_vault_address_is_checked_before_a_taken_id(fw: &signer, admin: &signer, owner: &signer, other: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        test_helpers::register(owner, b"svc", @0x0, vector::empty<address>(), false, 0);
        test_helpers::register(other, b"svc", payment::vault_address(), vector::empty<address>(), false, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, owner = @0xb0b)]
    #[expected_failure(abort_code = 0x1000d, location = agent_platform::process_registry)]
    fun the_currency_is_checked_before_the_vault_address(fw: &signer, admin: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        process_registry::register_process(
            owner, s(b"svc"), s(b"Name"), s(b""), s(b"http://a"), payment::vault_address(), vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, true, 5, s(b"USD"), false
        );
    }
}
