#[test_only]
module agent_platform::payment_tests {
    use std::bcs;
    use std::option;
    use std::string::String;
    use std::vector;
    use aptos_framework::object::{Self, ObjectCore};
    use agent_platform::payment;
    use agent_platform::process_registry;
    use agent_platform::test_helpers::{Self, s, repeat, balance, set_time};

    const PROVIDER: address = @0xb0b;
    const RECEIVER: address = @0x7ec;
    const PAYER: address = @0xa11ce;
    const AGENT: address = @0xa9e;
    const STRANGER: address = @0x5e;
    const WINDOW: u64 = 604800;

    /// Funds PAYER and STRANGER; PROVIDER registers "svc" paying to RECEIVER, with AGENT as its
    /// agent and a task price of 100.
    fun setup_svc(fw: &signer, admin: &signer, provider: &signer) {
        test_helpers::setup(fw, admin, vector[PAYER, STRANGER]);
        test_helpers::register(provider, b"svc", RECEIVER, vector[AGENT], true, 100);
    }

    fun pay(payer: &signer, task: vector<u8>, amount: u64) {
        payment::make_payment(payer, s(b"svc"), s(task), amount);
    }

    fun status(task: vector<u8>, payer: address): u8 {
        let (_, _, _, _, _, _, value, _, _) = payment::get_payment(s(b"svc"), s(task), payer);
        value
    }

    fun outcome(task: vector<u8>, payer: address): u8 {
        let (_, value, _, _) = payment::record_extras(&payment::get_payment_record(s(b"svc"), s(task), payer));
        value
    }

    fun settle_time(): u64 {
        test_helpers::start() + WINDOW
    }

    // --- make_payment ---------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun make_payment_moves_the_amount_into_the_vault_and_records_it(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        assert!(balance(PAYER) == test_helpers::funds() - 500, 0);
        assert!(payment::escrow_balance() == 500, 1);
        assert!(balance(payment::vault_address()) == 500, 2);
        let (process_id, task_id, payer_addr, receiver, amount, currency, stored_status, created_at, updated_at) =
            payment::get_payment(s(b"svc"), s(b"t1"), PAYER);
        assert!(process_id == s(b"svc") && task_id == s(b"t1"), 3);
        assert!(payer_addr == PAYER && receiver == RECEIVER, 4);
        assert!(amount == 500 && currency == s(b"APT") && stored_status == 0, 5);
        assert!(created_at == test_helpers::start() && updated_at == created_at, 6);
        let (provider_addr, stored_outcome, result_hash, settle) =
            payment::record_extras(&payment::get_payment_record(s(b"svc"), s(b"t1"), PAYER));
        assert!(provider_addr == PROVIDER && stored_outcome == 0 && vector::is_empty(&result_hash), 7);
        assert!(settle == settle_time(), 8);
        assert!(payment::verify_payment(s(b"svc"), s(b"t1"), PAYER), 9);
        assert!(payment::payment_exists(s(b"svc"), s(b"t1"), PAYER), 10);
        assert!(!payment::payment_exists(s(b"svc"), s(b"t1"), STRANGER), 11);
        assert!(payment::open_payments(s(b"svc"), PAYER) == vector[s(b"t1")], 12);
        assert!(payment::refund_window() == WINDOW, 13);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun a_process_without_payment_address_pays_its_owner(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        test_helpers::setup(fw, admin, vector[PAYER]);
        test_helpers::register(provider, b"svc", @0x0, vector::empty<address>(), false, 0);
        pay(payer, b"t1", 1);
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        assert!(balance(PROVIDER) == 1, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun an_amount_equal_to_the_price_and_a_128_byte_task_id_are_accepted(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        payment::make_payment(payer, s(b"svc"), repeat(97, 128), 100);
        assert!(payment::verify_payment(s(b"svc"), repeat(97, 128), PAYER), 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x60001, location = agent_platform::payment)]
    fun paying_for_a_missing_process_is_not_found(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        payment::make_payment(payer, s(b"ghost"), s(b"t1"), 500);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x30015, location = agent_platform::payment)]
    fun paying_an_inactive_process_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        process_registry::update_process(
            provider, s(b"svc"), s(b"Summarizer"), s(b""), s(b"https://a"), RECEIVER, vector[AGENT],
            vector::empty<String>(), vector::empty<String>(), 2, true, 100, s(b"APT"), true
        );
        pay(payer, b"t1", 500);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x10016, location = agent_platform::payment)]
    fun an_empty_task_id_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"", 500);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x10016, location = agent_platform::payment)]
    fun a_task_id_of_129_bytes_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        payment::make_payment(payer, s(b"svc"), repeat(97, 129), 500);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x10016, location = agent_platform::payment)]
    fun a_task_id_outside_the_charset_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t/1", 500);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x10017, location = agent_platform::payment)]
    fun a_zero_amount_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        test_helpers::setup(fw, admin, vector[PAYER]);
        test_helpers::register(provider, b"svc", RECEIVER, vector::empty<address>(), false, 0);
        pay(payer, b"t1", 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x10018, location = agent_platform::payment)]
    fun an_amount_below_the_price_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 99);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x80019, location = agent_platform::payment)]
    fun a_key_is_never_reused_even_after_release(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        pay(payer, b"t1", 500);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x1001a, location = agent_platform::payment)]
    fun an_amount_above_the_balance_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", test_helpers::funds() + 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, poor = @0x9009)]
    #[expected_failure(abort_code = 0x1001a, location = agent_platform::payment)]
    fun a_payer_without_funds_is_rejected(fw: &signer, admin: &signer, provider: &signer, poor: &signer) {
        setup_svc(fw, admin, provider);
        pay(poor, b"t1", 100);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x9001b, location = agent_platform::payment)]
    fun a_65th_open_payment_for_one_process_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        test_helpers::setup(fw, admin, vector[PAYER]);
        test_helpers::register(provider, b"svc", RECEIVER, vector::empty<address>(), false, 0);
        let i = 0;
        while (i < 64) {
            payment::make_payment(payer, s(b"svc"), test_helpers::numbered(b"t", i), 1);
            i = i + 1;
        };
        assert!(vector::length(&payment::open_payments(s(b"svc"), PAYER)) == 64, 0);
        pay(payer, b"one-more", 1);
    }

    // --- release ------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun the_payer_releases_to_the_receiver(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(test_helpers::start() + 10);
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        assert!(balance(RECEIVER) == 500, 0);
        assert!(balance(PROVIDER) == 0, 1);
        assert!(payment::escrow_balance() == 0, 2);
        assert!(status(b"t1", PAYER) == 1, 3);
        let (_, _, _, _, _, _, _, _, updated_at) = payment::get_payment(s(b"svc"), s(b"t1"), PAYER);
        assert!(updated_at == test_helpers::start() + 10, 4);
        assert!(!payment::verify_payment(s(b"svc"), s(b"t1"), PAYER), 5);
        assert!(payment::payment_exists(s(b"svc"), s(b"t1"), PAYER), 6);
        assert!(vector::is_empty(&payment::open_payments(s(b"svc"), PAYER)), 7);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::payment)]
    fun a_stranger_cannot_release_someone_elses_payment(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::release_payment(stranger, s(b"svc"), s(b"t1"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::payment)]
    fun the_provider_cannot_release(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::release_payment(provider, s(b"svc"), s(b"t1"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001d, location = agent_platform::payment)]
    fun a_released_payment_cannot_be_released_again(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun open_payments_stay_oldest_first_when_one_ends(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 100);
        pay(payer, b"t2", 100);
        pay(payer, b"t3", 100);
        payment::release_payment(payer, s(b"svc"), s(b"t2"));
        assert!(payment::open_payments(s(b"svc"), PAYER) == vector[s(b"t1"), s(b"t3")], 0);
        pay(payer, b"t4", 100);
        assert!(payment::open_payments(s(b"svc"), PAYER) == vector[s(b"t1"), s(b"t3"), s(b"t4")], 1);
    }

    // --- refund -------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun a_failed_task_is_refunded_exactly_at_the_settle_time(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
        set_time(settle_time());
        payment::request_refund(payer, s(b"svc"), s(b"t1"));
        assert!(balance(PAYER) == test_helpers::funds(), 0);
        assert!(status(b"t1", PAYER) == 2, 1);
        assert!(payment::escrow_balance() == 0, 2);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001e, location = agent_platform::payment)]
    fun a_refund_one_second_past_the_settle_time_is_rejected(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
        set_time(settle_time() + 1);
        payment::request_refund(payer, s(b"svc"), s(b"t1"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001f, location = agent_platform::payment)]
    fun a_refund_without_a_reported_failure_is_rejected(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::request_refund(payer, s(b"svc"), s(b"t1"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001f, location = agent_platform::payment)]
    fun a_refund_after_reported_delivery_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, b"hash");
        payment::request_refund(payer, s(b"svc"), s(b"t1"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::payment)]
    fun a_stranger_cannot_take_a_refund(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
        payment::request_refund(stranger, s(b"svc"), s(b"t1"));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001d, location = agent_platform::payment)]
    fun a_canceled_payment_cannot_be_refunded(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
        payment::cancel_payment(provider, s(b"svc"), s(b"t1"), PAYER);
        payment::request_refund(payer, s(b"svc"), s(b"t1"));
    }

    // --- cancel -------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, receiver = @0x7ec)]
    fun the_receiver_or_the_provider_can_cancel_back_to_the_payer(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        receiver: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        pay(payer, b"t2", 300);
        payment::cancel_payment(receiver, s(b"svc"), s(b"t1"), PAYER);
        assert!(status(b"t1", PAYER) == 3, 0);
        assert!(payment::escrow_balance() == 300, 1);
        payment::cancel_payment(provider, s(b"svc"), s(b"t2"), PAYER);
        assert!(status(b"t2", PAYER) == 3, 2);
        assert!(balance(PAYER) == test_helpers::funds(), 3);
        assert!(payment::escrow_balance() == 0, 4);
        assert!(balance(RECEIVER) == 0, 5);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x50020, location = agent_platform::payment)]
    fun the_payer_cannot_cancel(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::cancel_payment(payer, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x50020, location = agent_platform::payment)]
    fun an_agent_cannot_cancel(fw: &signer, admin: &signer, provider: &signer, payer: &signer, agent: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::cancel_payment(agent, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    #[expected_failure(abort_code = 0x50020, location = agent_platform::payment)]
    fun a_stranger_cannot_cancel(fw: &signer, admin: &signer, provider: &signer, payer: &signer, stranger: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::cancel_payment(stranger, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001d, location = agent_platform::payment)]
    fun a_released_payment_cannot_be_canceled(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        payment::cancel_payment(provider, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::payment)]
    fun canceling_a_missing_payment_is_not_found(fw: &signer, admin: &signer, provider: &signer) {
        setup_svc(fw, admin, provider);
        payment::cancel_payment(provider, s(b"svc"), s(b"t1"), PAYER);
    }

    // --- settle -------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    #[expected_failure(abort_code = 0x30021, location = agent_platform::payment)]
    fun settling_exactly_at_the_settle_time_is_too_early(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time());
        payment::settle_payment(stranger, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    fun settling_after_reported_delivery_pays_the_receiver(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, b"sha256:abc");
        set_time(settle_time() + 1);
        payment::settle_payment(stranger, s(b"svc"), s(b"t1"), PAYER);
        assert!(status(b"t1", PAYER) == 1, 0);
        assert!(balance(RECEIVER) == 500, 1);
        assert!(payment::escrow_balance() == 0, 2);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    fun settling_without_an_outcome_refunds_the_payer(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        pay(payer, b"t2", 200);
        payment::report_outcome(provider, s(b"svc"), s(b"t2"), PAYER, false, vector::empty<u8>());
        set_time(settle_time() + 1);
        payment::settle_payment(stranger, s(b"svc"), s(b"t1"), PAYER);
        payment::settle_payment(provider, s(b"svc"), s(b"t2"), PAYER);
        assert!(status(b"t1", PAYER) == 2 && status(b"t2", PAYER) == 2, 0);
        assert!(balance(PAYER) == test_helpers::funds(), 1);
        assert!(balance(RECEIVER) == 0, 2);
        assert!(payment::escrow_balance() == 0, 3);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001d, location = agent_platform::payment)]
    fun a_settled_payment_cannot_be_settled_again(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time() + 1);
        payment::settle_payment(provider, s(b"svc"), s(b"t1"), PAYER);
        payment::settle_payment(provider, s(b"svc"), s(b"t1"), PAYER);
    }

    // --- outcome ------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    fun an_agent_reports_the_outcome_once_with_a_64_byte_hash(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        let text = repeat(104, 64);
        let hash = *std::string::bytes(&text);
        payment::report_outcome(agent, s(b"svc"), s(b"t1"), PAYER, true, hash);
        let (_, reported, result_hash, _) =
            payment::record_extras(&payment::get_payment_record(s(b"svc"), s(b"t1"), PAYER));
        assert!(reported == 1 && result_hash == hash, 0);
        assert!(status(b"t1", PAYER) == 0, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x30022, location = agent_platform::payment)]
    fun the_outcome_is_written_once(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x50023, location = agent_platform::payment)]
    fun the_payer_cannot_report_an_outcome(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(payer, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    #[expected_failure(abort_code = 0x50023, location = agent_platform::payment)]
    fun a_stranger_cannot_report_an_outcome(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(stranger, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, receiver = @0x7ec)]
    #[expected_failure(abort_code = 0x50023, location = agent_platform::payment)]
    fun the_receiver_alone_cannot_report_an_outcome(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        receiver: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(receiver, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x50023, location = agent_platform::payment)]
    fun a_removed_agent_can_no_longer_report(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        process_registry::update_process(
            provider, s(b"svc"), s(b"Summarizer"), s(b""), s(b"https://a"), RECEIVER, vector::empty<address>(),
            vector::empty<String>(), vector::empty<String>(), 0, true, 100, s(b"APT"), true
        );
        payment::report_outcome(agent, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x50023, location = agent_platform::payment)]
    fun after_deregistration_an_agent_can_no_longer_report(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        process_registry::deregister_process(provider, s(b"svc"));
        payment::report_outcome(agent, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x10024, location = agent_platform::payment)]
    fun a_result_hash_of_65_bytes_is_rejected(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        let text = repeat(104, 65);
        let hash = *std::string::bytes(&text);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, hash);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x3001d, location = agent_platform::payment)]
    fun no_outcome_after_the_payment_ended(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    // --- outcome after the settle time ---------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x30026, location = agent_platform::payment)]
    fun a_silent_provider_cannot_report_delivered_after_the_settle_time(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time() + 1);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x30026, location = agent_platform::payment)]
    fun an_agent_cannot_front_run_the_settle_with_a_late_report(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time() + 3600);
        payment::report_outcome(agent, s(b"svc"), s(b"t1"), PAYER, true, b"sha256:abc");
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x30026, location = agent_platform::payment)]
    fun a_late_failure_report_is_refused_too(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time() + 1);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x30026, location = agent_platform::payment)]
    fun a_late_report_is_too_late_before_its_hash_is_checked(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time() + 1);
        let text = repeat(104, 65);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, *std::string::bytes(&text));
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x30022, location = agent_platform::payment)]
    fun a_late_second_report_is_already_set_before_too_late(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
        set_time(settle_time() + 1);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    fun a_report_exactly_at_the_settle_time_counts(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time());
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
        assert!(outcome(b"t1", PAYER) == 1, 0);
        set_time(settle_time() + 1);
        payment::settle_payment(stranger, s(b"svc"), s(b"t1"), PAYER);
        assert!(balance(RECEIVER) == 500, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun the_payers_settle_after_a_silent_window_refunds_even_when_the_provider_settles(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time() + 1);
        payment::settle_payment(provider, s(b"svc"), s(b"t1"), PAYER);
        assert!(status(b"t1", PAYER) == 2 && outcome(b"t1", PAYER) == 0, 0);
        assert!(balance(PAYER) == test_helpers::funds() && balance(RECEIVER) == 0, 1);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, receiver = @0x7ec)]
    fun a_deregistered_process_leaves_its_payments_usable(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        receiver: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        pay(payer, b"t2", 200);
        pay(payer, b"t3", 100);
        process_registry::deregister_process(provider, s(b"svc"));
        payment::report_outcome(provider, s(b"svc"), s(b"t3"), PAYER, true, vector::empty<u8>());
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        payment::cancel_payment(receiver, s(b"svc"), s(b"t2"), PAYER);
        set_time(settle_time() + 1);
        payment::settle_payment(payer, s(b"svc"), s(b"t3"), PAYER);
        assert!(balance(RECEIVER) == 600, 0);
        assert!(balance(PAYER) == test_helpers::funds() - 600, 1);
        assert!(payment::escrow_balance() == 0, 2);
        assert!(outcome(b"t3", PAYER) == 1, 3);
    }

    // --- escrow accounting ----------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, alice = @0xa11ce, bob = @0x5e)]
    fun the_vault_holds_the_sum_of_escrow_amounts_after_every_step(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        alice: &signer,
        bob: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(alice, b"t1", 100);
        assert!(payment::escrow_balance() == 100, 0);
        pay(alice, b"t2", 200);
        assert!(payment::escrow_balance() == 300, 1);
        pay(bob, b"t1", 150);
        assert!(payment::escrow_balance() == 450, 2);
        payment::release_payment(alice, s(b"svc"), s(b"t1"));
        assert!(payment::escrow_balance() == 350, 3);
        payment::cancel_payment(provider, s(b"svc"), s(b"t2"), PAYER);
        assert!(payment::escrow_balance() == 150, 4);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), STRANGER, false, vector::empty<u8>());
        assert!(payment::escrow_balance() == 150, 5);
        payment::request_refund(bob, s(b"svc"), s(b"t1"));
        assert!(payment::escrow_balance() == 0, 6);
        pay(bob, b"t2", 120);
        assert!(payment::escrow_balance() == 120, 7);
        set_time(settle_time() + 1);
        payment::settle_payment(alice, s(b"svc"), s(b"t2"), STRANGER);
        assert!(payment::escrow_balance() == 0, 8);
        assert!(balance(RECEIVER) == 100, 9);
        assert!(balance(PAYER) + balance(STRANGER) + balance(RECEIVER) == 2 * test_helpers::funds(), 10);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform)]
    fun nobody_owns_the_vault(fw: &signer, admin: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        let vault = object::address_to_object<ObjectCore>(payment::vault_address());
        assert!(object::owner(vault) == @0x0, 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform)]
    fun the_registry_derives_the_vault_address_payment_created(fw: &signer, admin: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        assert!(process_registry::escrow_vault_address() == payment::vault_address(), 0);
        assert!(process_registry::escrow_vault_seed() == b"agent_platform::escrow_vault", 1);
    }

    // --- admin ----------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun a_new_refund_window_applies_to_later_payments_only(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 100);
        payment::set_refund_window(admin, 3600);
        assert!(payment::refund_window() == 3600, 0);
        pay(payer, b"t2", 100);
        let (_, _, _, first) = payment::record_extras(&payment::get_payment_record(s(b"svc"), s(b"t1"), PAYER));
        let (_, _, _, second) = payment::record_extras(&payment::get_payment_record(s(b"svc"), s(b"t2"), PAYER));
        assert!(first == settle_time(), 1);
        assert!(second == test_helpers::start() + 3600, 2);
        payment::set_refund_window(admin, 31536000);
        assert!(payment::refund_window() == 31536000, 3);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b)]
    #[expected_failure(abort_code = 0x50014, location = agent_platform::payment)]
    fun only_the_admin_sets_the_refund_window(fw: &signer, admin: &signer, provider: &signer) {
        setup_svc(fw, admin, provider);
        payment::set_refund_window(provider, 3600);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform)]
    #[expected_failure(abort_code = 0x10025, location = agent_platform::payment)]
    fun a_refund_window_below_an_hour_is_rejected(fw: &signer, admin: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        payment::set_refund_window(admin, 3599);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform)]
    #[expected_failure(abort_code = 0x10025, location = agent_platform::payment)]
    fun a_refund_window_above_a_year_is_rejected(fw: &signer, admin: &signer) {
        test_helpers::setup(fw, admin, vector::empty<address>());
        payment::set_refund_window(admin, 31536001);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun initialize_is_idempotent(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 100);
        payment::set_refund_window(admin, 7200);
        let vault = payment::vault_address();
        payment::initialize(admin);
        payment::initialize(admin);
        assert!(payment::vault_address() == vault, 0);
        assert!(payment::refund_window() == 7200, 1);
        assert!(payment::verify_payment(s(b"svc"), s(b"t1"), PAYER), 2);
        assert!(payment::escrow_balance() == 100, 3);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b)]
    #[expected_failure(abort_code = 0x50014, location = agent_platform::payment)]
    fun only_the_admin_initializes(fw: &signer, admin: &signer, provider: &signer) {
        setup_svc(fw, admin, provider);
        payment::initialize(provider);
    }

    // --- claim_run ---------------------------------------------------------------------------------

    fun claimed_by(task: vector<u8>): option::Option<address> {
        payment::run_claimed_by(s(b"svc"), s(task), PAYER)
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    fun an_agent_claims_a_run_once_and_the_view_names_it(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        pay(payer, b"t2", 500);
        assert!(option::is_none(&claimed_by(b"t1")), 0);
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
        assert!(claimed_by(b"t1") == option::some(AGENT), 1);
        assert!(option::is_none(&claimed_by(b"t2")), 2);
        // The claim changes nothing of the payment: the claimer reports as before.
        assert!(status(b"t1", PAYER) == 0 && outcome(b"t1", PAYER) == 0, 3);
        payment::report_outcome(agent, s(b"svc"), s(b"t1"), PAYER, true, vector::empty<u8>());
        assert!(claimed_by(b"t1") == option::some(AGENT), 4);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun the_provider_may_claim_a_run_at_the_settle_time(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time());
        payment::claim_run(provider, s(b"svc"), s(b"t1"), PAYER);
        assert!(claimed_by(b"t1") == option::some(PROVIDER), 0);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x80027, location = agent_platform::payment)]
    fun a_run_is_claimed_once_even_by_the_same_operator(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x80027, location = agent_platform::payment)]
    fun a_second_operator_cannot_claim_a_claimed_run(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
        payment::claim_run(provider, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, stranger = @0x5e)]
    #[expected_failure(abort_code = 0x50023, location = agent_platform::payment)]
    fun a_stranger_cannot_claim_a_run(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        stranger: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::claim_run(stranger, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x50023, location = agent_platform::payment)]
    fun the_payer_cannot_claim_its_own_run(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::claim_run(payer, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::payment)]
    fun claiming_the_run_of_a_missing_payment_is_not_found(fw: &signer, admin: &signer, provider: &signer, agent: &signer) {
        setup_svc(fw, admin, provider);
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x3001d, location = agent_platform::payment)]
    fun a_released_payment_has_no_run_to_claim(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::release_payment(payer, s(b"svc"), s(b"t1"));
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x30022, location = agent_platform::payment)]
    fun a_payment_with_an_outcome_has_no_run_to_claim(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::report_outcome(provider, s(b"svc"), s(b"t1"), PAYER, false, vector::empty<u8>());
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    #[expected_failure(abort_code = 0x30026, location = agent_platform::payment)]
    fun a_run_cannot_be_claimed_after_the_settle_time(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        set_time(settle_time() + 1);
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce, agent = @0xa9e)]
    fun initialize_creates_the_run_claims_of_an_upgraded_package(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
        agent: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        payment::remove_run_claims_for_test();
        assert!(option::is_none(&claimed_by(b"t1")), 0);
        payment::initialize(admin);
        payment::claim_run(agent, s(b"svc"), s(b"t1"), PAYER);
        assert!(claimed_by(b"t1") == option::some(AGENT), 1);
        assert!(payment::verify_payment(s(b"svc"), s(b"t1"), PAYER), 2);
    }

    // --- views ------------------------------------------------------------------------------------

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::payment)]
    fun get_payment_of_a_missing_key_is_not_found(fw: &signer, admin: &signer, provider: &signer, payer: &signer) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 100);
        let (_, _, _, _, _, _, _, _, _) = payment::get_payment(s(b"svc"), s(b"t2"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b)]
    #[expected_failure(abort_code = 0x6001c, location = agent_platform::payment)]
    fun get_payment_record_of_a_missing_key_is_not_found(fw: &signer, admin: &signer, provider: &signer) {
        setup_svc(fw, admin, provider);
        payment::get_payment_record(s(b"svc"), s(b"t1"), PAYER);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun gateway_context_answers_for_an_existing_process(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        pay(payer, b"t2", 100);
        payment::report_outcome(provider, s(b"svc"), s(b"t2"), PAYER, true, vector::empty<u8>());
        let (found, process_status, owner, service_url, pricing, agents, open, key, now) =
            payment::unpack_context(&payment::gateway_context(s(b"svc"), PAYER));
        assert!(found && process_status == 0 && owner == PROVIDER, 0);
        assert!(service_url == s(b"https://agent.example/run"), 1);
        assert!(process_registry::pricing_task_price(option::borrow(&pricing)) == 100, 2);
        assert!(agents == vector[AGENT], 3);
        assert!(vector::length(&open) == 2, 4);
        let (task_id, amount, first_outcome, settle) = payment::unpack_open_payment(vector::borrow(&open, 0));
        assert!(task_id == s(b"t1") && amount == 500 && first_outcome == 0 && settle == settle_time(), 5);
        let (task_id2, _, second_outcome, _) = payment::unpack_open_payment(vector::borrow(&open, 1));
        assert!(task_id2 == s(b"t2") && second_outcome == 1, 6);
        assert!(key == bcs::to_bytes(&PAYER), 7);
        assert!(now == test_helpers::start(), 8);
    }

    #[test(fw = @aptos_framework, admin = @agent_platform, provider = @0xb0b, payer = @0xa11ce)]
    fun gateway_context_for_a_missing_process_still_lists_open_payments(
        fw: &signer,
        admin: &signer,
        provider: &signer,
        payer: &signer,
    ) {
        setup_svc(fw, admin, provider);
        pay(payer, b"t1", 500);
        process_registry::deregister_process(provider, s(b"svc"));
        let (found, process_status, owner, service_url, pricing, agents, open, key, _) =
            payment::unpack_context(&payment::gateway_context(s(b"svc"), PAYER));
        assert!(!found && process_status == 0 && owner == @0x0, 0);
        assert!(std::string::is_empty(&service_url) && option::is_none(&pricing) && vector::is_empty(&agents), 1);
        assert!(vector::length(&open) == 1, 2);
        assert!(key == bcs::to_bytes(&PAYER), 3);
        // An address that has no account yet gets the key its address derives from.
        let (ghost_found, _, _, _, _, _, ghost_open, ghost_key, _) =
            payment::unpack_context(&payment::gateway_context(s(b"ghost"), @0x5e5e));
        assert!(!ghost_found && vector::is_empty(&ghost_open), 4);
        assert!(ghost_key == bcs::to_bytes(&@0x5e5e), 5);
    }
}
