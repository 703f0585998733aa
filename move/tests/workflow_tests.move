#[test_only]
module agent_platform::workflow_tests {
    use std::string::String;
    use std::vector;
    use agent_platform::payment;
    use agent_platform::process_registry;
    use agent_platform::test_helpers::{Self, s, repeat, balance, set_time};
    use agent_platform::workflow;

    const OWNER: address = @0xe0e;
    const ASSIGNEE: address = @0xa55;
    const REQUESTER: address = @0xa11ce;
    const PROVIDER: address = @0xb0b;
    const RECEIVER: address = @0x7ec;
    const AGENT: address = @0xa9e;

    // Task statuses
    const PENDING: u8 = 0;
    const IN_PROGRESS: u8 = 1;
    const COMPLETED: u8 = 2;
    const APPROVED: u8 = 3;
    const FAILED: u8 = 4;
    const CANCELED: u8 = 5;

    /// Funds REQUESTER; PROVIDER registers "svc" (paying to RECEIVER, agent AGENT, no pricing);
    /// `owner` creates workflow "wf".
    fun setup_flow(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        test_helpers::setup(fw, admin, vector[REQUESTER]);
        test_helpers::register(provider, b"svc", RECEIVER, vector[AGENT], false, 0);
        workflow::create_workflow(owner, s(b"wf"), s(b"Pipeline"), s(b"Runs things"));
    }

    /// `owner` adds `task` to "wf", assigned to `assignee`, requested by REQUESTER.
    fun add(owner: &signer, task: vector<u8>, assignee: address, process_id: vector<u8>, dependencies: vector<String>) {
        workflow::add_task(
            owner, s(b"wf"), s(task), s(b"Task"), s(b""), assignee, REQUESTER, s(process_id), dependencies
        );
    }

    fun add_plain(owner: &signer, task: vector<u8>) {
        add(owner, task, ASSIGNEE, b"", vector::empty<String>());
    }

    fun move_task(caller: &signer, task: vector<u8>, new_status: u8) {
        workflow::update_task_status(caller, s(b"wf"), s(task), new_status);
    }

    fun task_status(task: vector<u8>): u8 {
        let (_, _, _, _, _, value) = workflow::task_fields(&workflow::get_task(s(b"wf"), s(task)));
        value
    }

    fun workflow_status(): u8 {
        let (_, value, _, _, _) = workflow::workflow_fields(&workflow::get_workflow(s(b"wf")));
        value
    }

    fun outcome(task: vector<u8>): u8 {
        let (_, value, _, _) = payment::record_extras(&payment::get_payment_record(s(b"svc"), s(task), REQUESTER));
        value
    }

    // --- create_workflow and add_task ------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    fun create_and_add_record_everything_in_order(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        assert!(workflow::workflow_exists(s(b"wf")), 0);
        assert!(!workflow::workflow_exists(s(b"other")), 1);
        let (stored_owner, stored_status, count, created_at, _) = workflow::workflow_fields(&workflow::get_workflow(s(b"wf")));
        assert!(stored_owner == OWNER && stored_status == 0 && count == 0 && created_at == test_helpers::start(), 2);
        assert!(vector::is_empty(&workflow::list_tasks(s(b"wf"))), 3);

        add_plain(owner, b"a");
        add(owner, b"b", ASSIGNEE, b"svc", vector[s(b"a")]);
        let (id, assignee, requester, process_id, dependencies, stored_status) =
            workflow::task_fields(&workflow::get_task(s(b"wf"), s(b"b")));
        assert!(id == s(b"b") && assignee == ASSIGNEE && requester == REQUESTER, 4);
        assert!(process_id == s(b"svc") && dependencies == vector[s(b"a")] && stored_status == PENDING, 5);
        let tasks = workflow::list_tasks(s(b"wf"));
        assert!(vector::length(&tasks) == 2, 6);
        let (first, _, _, _, _, _) = workflow::task_fields(vector::borrow(&tasks, 0));
        assert!(first == s(b"a"), 7);
        let (_, _, count_after, _, _) = workflow::workflow_fields(&workflow::get_workflow(s(b"wf")));
        assert!(count_after == 2, 8);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x80029, location = agent_platform::workflow)]
    fun a_taken_workflow_id_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::create_workflow(provider, s(b"wf"), s(b"Mine"), s(b""));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x10004, location = agent_platform::workflow)]
    fun a_workflow_id_outside_the_charset_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::create_workflow(owner, s(b"wf 2"), s(b"Name"), s(b""));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x10004, location = agent_platform::workflow)]
    fun a_workflow_id_of_65_bytes_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::create_workflow(owner, repeat(119, 65), s(b"Name"), s(b""));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x10005, location = agent_platform::workflow)]
    fun a_workflow_name_of_129_bytes_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::create_workflow(owner, s(b"wf2"), repeat(110, 129), s(b""));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x10006, location = agent_platform::workflow)]
    fun a_task_description_of_1025_bytes_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::add_task(
            owner, s(b"wf"), s(b"a"), s(b"Task"), repeat(100, 1025), ASSIGNEE, REQUESTER, s(b""),
            vector::empty<String>()
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x10004, location = agent_platform::workflow)]
    fun a_task_id_outside_the_charset_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a:b");
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x5002a, location = agent_platform::workflow)]
    fun only_the_workflow_owner_adds_tasks(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(provider, b"a");
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x60028, location = agent_platform::workflow)]
    fun adding_to_a_missing_workflow_is_not_found(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::add_task(
            owner, s(b"nope"), s(b"a"), s(b"Task"), s(b""), ASSIGNEE, REQUESTER, s(b""), vector::empty<String>()
        );
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x60001, location = agent_platform::workflow)]
    fun a_task_linked_to_a_missing_process_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"ghost", vector::empty<String>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x10030, location = agent_platform::workflow)]
    fun a_dependency_must_already_be_a_task(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"", vector[s(b"a")]);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    fun sixteen_dependencies_are_accepted(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        let dependencies = vector::empty<String>();
        let i = 0;
        while (i < 16) {
            let id = test_helpers::numbered(b"d", i);
            add(owner, *std::string::bytes(&id), ASSIGNEE, b"", vector::empty<String>());
            vector::push_back(&mut dependencies, id);
            i = i + 1;
        };
        add(owner, b"last", ASSIGNEE, b"", dependencies);
        assert!(task_status(b"last") == PENDING, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x1002f, location = agent_platform::workflow)]
    fun seventeen_dependencies_are_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        let dependencies = vector::empty<String>();
        let i = 0;
        while (i < 17) {
            vector::push_back(&mut dependencies, test_helpers::numbered(b"d", i));
            i = i + 1;
        };
        add(owner, b"last", ASSIGNEE, b"", dependencies);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x8002d, location = agent_platform::workflow)]
    fun a_task_id_is_unique_within_its_workflow(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        add_plain(owner, b"a");
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x9002e, location = agent_platform::workflow)]
    fun a_65th_task_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        let i = 0;
        while (i < 64) {
            workflow::add_task(
                owner, s(b"wf"), test_helpers::numbered(b"t", i), s(b"T"), s(b""), ASSIGNEE, REQUESTER, s(b""),
                vector::empty<String>()
            );
            i = i + 1;
        };
        add_plain(owner, b"one-more");
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x3002b, location = agent_platform::workflow)]
    fun no_tasks_are_added_to_a_canceled_workflow(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::cancel_workflow(owner, s(b"wf"));
        add_plain(owner, b"a");
    }

    // --- task status table -------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, assignee = @0xa55)]
    fun the_assignee_or_the_owner_start_and_finish_tasks(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        assignee: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        add_plain(owner, b"b");
        move_task(assignee, b"a", IN_PROGRESS);
        move_task(assignee, b"a", COMPLETED);
        assert!(task_status(b"a") == COMPLETED, 0);
        move_task(owner, b"b", IN_PROGRESS);
        move_task(owner, b"b", FAILED);
        assert!(task_status(b"b") == FAILED, 1);
        // A failed task keeps the workflow from completing.
        assert!(workflow_status() == 0, 2);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x50032, location = agent_platform::workflow)]
    fun the_requester_cannot_start_a_task(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(requester, b"a", IN_PROGRESS);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x50032, location = agent_platform::workflow)]
    fun a_stranger_cannot_start_a_task(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(provider, b"a", IN_PROGRESS);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, assignee = @0xa55, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x50032, location = agent_platform::workflow)]
    fun the_requester_cannot_complete_a_task(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        assignee: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(assignee, b"a", IN_PROGRESS);
        move_task(requester, b"a", COMPLETED);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun pending_cannot_jump_to_completed(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", COMPLETED);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun pending_cannot_jump_to_failed(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", FAILED);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun the_same_status_again_is_not_a_transition(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", IN_PROGRESS);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun a_completed_task_cannot_be_canceled(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        add_plain(owner, b"b");
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        move_task(owner, b"a", CANCELED);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun a_failed_task_is_final(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", FAILED);
        move_task(owner, b"a", IN_PROGRESS);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun a_canceled_task_is_final(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", CANCELED);
        move_task(owner, b"a", IN_PROGRESS);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun approved_is_reached_only_through_approval(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        move_task(owner, b"a", APPROVED);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30031, location = agent_platform::workflow)]
    fun pending_is_not_a_target_status(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", PENDING);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x10037, location = agent_platform::workflow)]
    fun an_unknown_status_is_rejected(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", 6);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce, assignee = @0xa55)]
    fun the_requester_cancels_only_pending_tasks_and_the_owner_any_unfinished(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
        assignee: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        add_plain(owner, b"b");
        move_task(requester, b"a", CANCELED);
        assert!(task_status(b"a") == CANCELED, 0);
        move_task(assignee, b"b", IN_PROGRESS);
        move_task(owner, b"b", CANCELED);
        assert!(task_status(b"b") == CANCELED, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce, assignee = @0xa55)]
    #[expected_failure(abort_code = 0x50032, location = agent_platform::workflow)]
    fun the_requester_cannot_cancel_a_task_in_progress(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
        assignee: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(assignee, b"a", IN_PROGRESS);
        move_task(requester, b"a", CANCELED);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, assignee = @0xa55)]
    #[expected_failure(abort_code = 0x50032, location = agent_platform::workflow)]
    fun the_assignee_cannot_cancel(fw: &signer, admin: &signer, provider: &signer, owner: &signer, assignee: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(assignee, b"a", CANCELED);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x6002c, location = agent_platform::workflow)]
    fun moving_a_missing_task_is_not_found(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        move_task(owner, b"a", IN_PROGRESS);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x60028, location = agent_platform::workflow)]
    fun moving_a_task_of_a_missing_workflow_is_not_found(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::update_task_status(owner, s(b"nope"), s(b"a"), IN_PROGRESS);
    }

    // --- dependencies and completion -----------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x30033, location = agent_platform::workflow)]
    fun a_task_starts_only_after_its_dependencies(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        add(owner, b"b", ASSIGNEE, b"", vector[s(b"a")]);
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"b", IN_PROGRESS);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun dependencies_completed_or_approved_unlock_a_task_and_the_workflow_completes(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        add_plain(owner, b"b");
        add(owner, b"c", ASSIGNEE, b"", vector[s(b"a"), s(b"b")]);
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task(requester, s(b"wf"), s(b"a"));
        assert!(task_status(b"a") == APPROVED, 0);
        move_task(owner, b"b", IN_PROGRESS);
        move_task(owner, b"b", COMPLETED);
        move_task(owner, b"c", IN_PROGRESS);
        assert!(workflow_status() == 0, 1);
        move_task(owner, b"c", COMPLETED);
        assert!(workflow_status() == 1, 2);
    }

    // --- cancel_workflow ------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    fun canceling_a_workflow_cancels_its_unfinished_tasks(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        add_plain(owner, b"b");
        add_plain(owner, b"c");
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"c", IN_PROGRESS);
        move_task(owner, b"c", COMPLETED);
        workflow::cancel_workflow(owner, s(b"wf"));
        assert!(workflow_status() == 2, 0);
        assert!(task_status(b"a") == CANCELED && task_status(b"b") == CANCELED, 1);
        assert!(task_status(b"c") == COMPLETED, 2);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x5002a, location = agent_platform::workflow)]
    fun only_the_owner_cancels_a_workflow(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::cancel_workflow(provider, s(b"wf"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x3002b, location = agent_platform::workflow)]
    fun a_workflow_is_canceled_once(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        workflow::cancel_workflow(owner, s(b"wf"));
        workflow::cancel_workflow(owner, s(b"wf"));
    }

    // --- approval -------------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e)]
    #[expected_failure(abort_code = 0x50034, location = agent_platform::workflow)]
    fun only_the_requester_approves(fw: &signer, admin: &signer, provider: &signer, owner: &signer) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task(owner, s(b"wf"), s(b"a"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x30035, location = agent_platform::workflow)]
    fun only_a_completed_task_is_approved(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", IN_PROGRESS);
        workflow::approve_task(requester, s(b"wf"), s(b"a"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x30036, location = agent_platform::workflow)]
    fun a_task_with_a_payment_in_escrow_needs_approval_with_release(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task(requester, s(b"wf"), s(b"a"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun approval_with_release_pays_the_receiver_in_one_step(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task_and_release_payment(requester, s(b"wf"), s(b"a"));
        assert!(task_status(b"a") == APPROVED, 0);
        assert!(balance(RECEIVER) == 500, 1);
        assert!(payment::escrow_balance() == 0, 2);
        assert!(!payment::verify_payment(s(b"svc"), s(b"a"), REQUESTER), 3);
        assert!(workflow_status() == 1, 4);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun a_task_whose_payment_ended_is_approved_without_release(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        payment::release_payment(requester, s(b"svc"), s(b"a"));
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task(requester, s(b"wf"), s(b"a"));
        assert!(task_status(b"a") == APPROVED, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::workflow)]
    fun approval_with_release_needs_a_payment(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add_plain(owner, b"a");
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task_and_release_payment(requester, s(b"wf"), s(b"a"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001d, location = agent_platform::workflow)]
    fun approval_with_release_needs_the_payment_in_escrow(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        payment::cancel_payment(provider, s(b"svc"), s(b"a"), REQUESTER);
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task_and_release_payment(requester, s(b"wf"), s(b"a"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x50034, location = agent_platform::workflow)]
    fun approval_with_release_is_for_the_requester_only(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", COMPLETED);
        workflow::approve_task_and_release_payment(provider, s(b"wf"), s(b"a"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    #[expected_failure(abort_code = 0x30035, location = agent_platform::workflow)]
    fun approval_with_release_needs_a_completed_task(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        workflow::approve_task_and_release_payment(requester, s(b"wf"), s(b"a"));
    }

    // --- outcome propagation ----------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun the_provider_completing_a_task_records_delivery(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", PROVIDER, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(provider, b"a", IN_PROGRESS);
        assert!(outcome(b"a") == 0, 0);
        move_task(provider, b"a", COMPLETED);
        assert!(outcome(b"a") == 1, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce, agent = @0xa9e)]
    fun an_agent_failing_a_task_records_failure_and_the_payer_can_refund(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
        agent: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", AGENT, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(agent, b"a", IN_PROGRESS);
        move_task(agent, b"a", FAILED);
        assert!(outcome(b"a") == 2, 0);
        payment::request_refund(requester, s(b"svc"), s(b"a"));
        assert!(balance(REQUESTER) == test_helpers::funds(), 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun the_payer_canceling_a_task_records_nothing(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(requester, b"a", CANCELED);
        assert!(task_status(b"a") == CANCELED, 0);
        assert!(outcome(b"a") == 0, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce, assignee = @0xa55)]
    fun a_workflow_owner_or_assignee_who_is_not_the_provider_records_nothing(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
        assignee: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        add(owner, b"b", ASSIGNEE, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        payment::make_payment(requester, s(b"svc"), s(b"b"), 500);
        move_task(owner, b"a", IN_PROGRESS);
        move_task(owner, b"a", FAILED);
        move_task(assignee, b"b", IN_PROGRESS);
        move_task(assignee, b"b", COMPLETED);
        assert!(outcome(b"a") == 0 && outcome(b"b") == 0, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, requester = @0xa11ce)]
    fun a_provider_canceling_its_own_workflow_records_failure(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, provider);
        add(provider, b"a", ASSIGNEE, b"svc", vector::empty<String>());
        add(provider, b"b", ASSIGNEE, b"", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        workflow::cancel_workflow(provider, s(b"wf"));
        assert!(outcome(b"a") == 2, 0);
        assert!(task_status(b"b") == CANCELED, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun propagation_never_overwrites_a_reported_outcome(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", PROVIDER, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        payment::report_outcome(provider, s(b"svc"), s(b"a"), REQUESTER, true, vector::empty<u8>());
        move_task(provider, b"a", IN_PROGRESS);
        move_task(provider, b"a", FAILED);
        assert!(task_status(b"a") == FAILED, 0);
        assert!(outcome(b"a") == 1, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun a_deregistered_process_still_propagates_from_its_provider(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", PROVIDER, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        process_registry::deregister_process(provider, s(b"svc"));
        move_task(provider, b"a", IN_PROGRESS);
        move_task(provider, b"a", COMPLETED);
        assert!(outcome(b"a") == 1, 0);
    }

    // --- outcome propagation after the settle time ----------------------------------------------

    /// The settle time of a payment made at the start (the default window of 7 days).
    fun settle_time(): u64 {
        test_helpers::start() + 604800
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce)]
    fun a_late_completion_moves_the_task_but_records_nothing_and_settle_refunds(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", PROVIDER, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(provider, b"a", IN_PROGRESS);
        set_time(settle_time() + 1);
        move_task(provider, b"a", COMPLETED);
        assert!(task_status(b"a") == COMPLETED, 0);
        assert!(outcome(b"a") == 0, 1);
        payment::settle_payment(provider, s(b"svc"), s(b"a"), REQUESTER);
        assert!(balance(REQUESTER) == test_helpers::funds(), 2);
        assert!(balance(RECEIVER) == 0, 3);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, owner = @0xe0e, requester = @0xa11ce, agent = @0xa9e)]
    fun a_completion_exactly_at_the_settle_time_still_records_delivery(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        owner: &signer,
        requester: &signer,
        agent: &signer,
    ) {
        setup_flow(fw, admin, provider, owner);
        add(owner, b"a", AGENT, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        move_task(agent, b"a", IN_PROGRESS);
        set_time(settle_time());
        move_task(agent, b"a", COMPLETED);
        assert!(outcome(b"a") == 1, 0);
        set_time(settle_time() + 1);
        payment::settle_payment(requester, s(b"svc"), s(b"a"), REQUESTER);
        assert!(balance(RECEIVER) == 500, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, requester = @0xa11ce)]
    fun a_late_failure_or_workflow_cancel_records_nothing(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        requester: &signer,
    ) {
        setup_flow(fw, admin, provider, provider);
        add(provider, b"a", PROVIDER, b"svc", vector::empty<String>());
        add(provider, b"b", PROVIDER, b"svc", vector::empty<String>());
        payment::make_payment(requester, s(b"svc"), s(b"a"), 500);
        payment::make_payment(requester, s(b"svc"), s(b"b"), 500);
        move_task(provider, b"a", IN_PROGRESS);
        set_time(settle_time() + 1);
        move_task(provider, b"a", FAILED);
        workflow::cancel_workflow(provider, s(b"wf"));
        assert!(task_status(b"a") == FAILED && task_status(b"b") == CANCELED, 0);
        assert!(outcome(b"a") == 0 && outcome(b"b") == 0, 1);
        payment::settle_payment(requester, s(b"svc"), s(b"a"), REQUESTER);
        payment::settle_payment(requester, s(b"svc"), s(b"b"), REQUESTER);
        assert!(balance(REQUESTER) == test_helpers::funds(), 2);
    }
}
