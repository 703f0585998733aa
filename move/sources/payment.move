/// The escrow: a payer's APT for one task of one process, held in a vault object that only this
/// module can move funds out of, and only to the payment's receiver or back to its payer.
module agent_platform::payment {
    use std::bcs;
    use std::error;
    use std::option::{Self, Option};
    use std::signer;
    use std::string::{Self, String};
    use std::vector;
    use aptos_std::table::{Self, Table};
    use aptos_framework::account;
    use aptos_framework::event;
    use aptos_framework::fungible_asset::Metadata;
    use aptos_framework::object::{Self, ExtendRef, Object};
    use aptos_framework::primary_fungible_store;
    use aptos_framework::timestamp;
    use agent_platform::process_registry::{Self, Pricing};

    friend agent_platform::workflow;

    /// Process not found
    const EPROCESS_NOT_FOUND: u64 = 1;
    /// Only the package admin may do this
    const ENOT_ADMIN: u64 = 20;
    /// The process is not active
    const EPROCESS_NOT_ACTIVE: u64 = 21;
    /// Payment task ids are 1 to 128 bytes of letters, digits, '.', '_' and '-'
    const EINVALID_TASK_ID: u64 = 22;
    /// The amount must be above 0
    const EZERO_AMOUNT: u64 = 23;
    /// The amount is below the process's task price
    const EAMOUNT_BELOW_PRICE: u64 = 24;
    /// A payment for this process, task and payer exists; keys are never reused
    const EPAYMENT_EXISTS: u64 = 25;
    /// The payer's APT balance is below the amount
    const EINSUFFICIENT_BALANCE: u64 = 26;
    /// At most 64 open payments per process and payer
    const ETOO_MANY_OPEN_PAYMENTS: u64 = 27;
    /// Payment not found
    const EPAYMENT_NOT_FOUND: u64 = 28;
    /// The payment is no longer in escrow
    const ENOT_IN_ESCROW: u64 = 29;
    /// The refund window has closed; use settle
    const EREFUND_WINDOW_CLOSED: u64 = 30;
    /// A refund needs the provider to have reported the task failed
    const EOUTCOME_NOT_FAILED: u64 = 31;
    /// Only the payment's receiver or provider may cancel it
    const ENOT_RECEIVER_OR_PROVIDER: u64 = 32;
    /// The payment can be settled only after its settle time
    const ESETTLE_TOO_EARLY: u64 = 33;
    /// The outcome was already reported
    const EOUTCOME_ALREADY_SET: u64 = 34;
    /// Only the provider or one of the process's agents may report an outcome
    const ENOT_PROVIDER_OR_AGENT: u64 = 35;
    /// A result hash is at most 64 bytes
    const EINVALID_RESULT_HASH: u64 = 36;
    /// The refund window must be 3600 to 31536000 seconds
    const EINVALID_REFUND_WINDOW: u64 = 37;
    /// An outcome can be reported only until the payment's settle time
    const EOUTCOME_TOO_LATE: u64 = 38;
    /// This payment's run was already claimed; it runs once
    const ERUN_ALREADY_CLAIMED: u64 = 39;

    const MAX_PAYMENT_TASK_ID_BYTES: u64 = 128;
    const MAX_OPEN_PAYMENTS: u64 = 64;
    const MAX_RESULT_HASH_BYTES: u64 = 64;
    const DEFAULT_REFUND_WINDOW_SECS: u64 = 604800;
    const MIN_REFUND_WINDOW_SECS: u64 = 3600;
    const MAX_REFUND_WINDOW_SECS: u64 = 31536000;

    const STATUS_ESCROW: u8 = 0;
    const STATUS_COMPLETED: u8 = 1;
    const STATUS_REFUNDED: u8 = 2;
    const STATUS_CANCELED: u8 = 3;
    const OUTCOME_NONE: u8 = 0;
    const OUTCOME_DELIVERED: u8 = 1;
    const OUTCOME_FAILED: u8 = 2;

    const CURRENCY_APT: vector<u8> = b"APT";

    struct PaymentKey has copy, drop, store {
        process_id: String,
        task_id: String,
        payer: address,
    }

    /// Key of the list of a payer's open payments for one process.
    struct OpenKey has copy, drop, store {
        process_id: String,
        payer: address,
    }

    struct PaymentRecord has copy, drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        receiver: address,
        provider: address,
        amount: u64,
        currency: String,
        status: u8,
        outcome: u8,
        result_hash: vector<u8>,
        created_at: u64,
        updated_at: u64,
        settle_time: u64,
    }

    struct OpenPayment has copy, drop, store {
        task_id: String,
        amount: u64,
        outcome: u8,
        settle_time: u64,
    }

    struct GatewayContext has copy, drop, store {
        process_exists: bool,
        status: u8,
        owner: address,
        service_url: String,
        pricing: Option<Pricing>,
        agents: vector<address>,
        open_payments: vector<OpenPayment>,
        authentication_key: vector<u8>,
        now: u64,
    }

    struct PaymentStore has key {
        payments: Table<PaymentKey, PaymentRecord>,
        /// Task ids of the ESCROW payments per (process, payer), oldest first, at most 64.
        open: Table<OpenKey, vector<String>>,
        vault: ExtendRef,
        vault_addr: address,
        refund_window: u64,
    }

    /// Which operator claimed each payment's run (claim_run), written once. A resource of its own
    /// rather than a field of PaymentStore: a struct's layout cannot change in an upgrade, so a
    /// package published before claims existed is upgraded, then `initialize` creates this.
    struct RunClaims has key {
        claims: Table<PaymentKey, address>,
    }

    #[event]
    struct PaymentMade has drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        receiver: address,
        amount: u64,
        settle_time: u64,
    }

    #[event]
    struct PaymentReleased has drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        receiver: address,
        amount: u64,
    }

    #[event]
    struct PaymentRefunded has drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        amount: u64,
    }

    #[event]
    struct PaymentCanceled has drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        amount: u64,
        canceled_by: address,
    }

    #[event]
    struct PaymentSettled has drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        amount: u64,
        delivered: bool,
        paid_to: address,
    }

    #[event]
    struct OutcomeReported has drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        outcome: u8,
        result_hash: vector<u8>,
        reporter: address,
    }

    #[event]
    struct RunClaimed has drop, store {
        process_id: String,
        task_id: String,
        payer: address,
        operator: address,
    }

    #[event]
    struct RefundWindowChanged has drop, store {
        seconds: u64,
    }

    fun init_module(deployer: &signer) {
        create_store(deployer);
        create_run_claims(deployer);
    }

    #[test_only]
    public fun init_for_test(s: &signer) {
        init_module(s);
    }

    #[test_only]
    /// The state of a package published before run claims existed: no RunClaims resource.
    public fun remove_run_claims_for_test() acquires RunClaims {
        let RunClaims { claims } = move_from<RunClaims>(@agent_platform);
        table::drop_unchecked(claims);
    }

    #[test_only]
    /// (provider, outcome, result_hash, settle_time) of a payment record.
    public fun record_extras(record: &PaymentRecord): (address, u8, vector<u8>, u64) {
        (record.provider, record.outcome, record.result_hash, record.settle_time)
    }

    #[test_only]
    public fun unpack_context(
        context: &GatewayContext,
    ): (bool, u8, address, String, Option<Pricing>, vector<address>, vector<OpenPayment>, vector<u8>, u64) {
        (
            context.process_exists,
            context.status,
            context.owner,
            context.service_url,
            context.pricing,
            context.agents,
            context.open_payments,
            context.authentication_key,
            context.now
        )
    }

    #[test_only]
    public fun unpack_open_payment(open: &OpenPayment): (String, u64, u8, u64) {
        (open.task_id, open.amount, open.outcome, open.settle_time)
    }

    // ---------------------------------------------------------------------------------------
    // Entry functions

    /// Admin only; creates the store and vault, and the run claims, where absent, else does
    /// nothing (init_module already creates them on publish; an upgrade that added the run claims
    /// needs this call once, since init_module does not run again for an existing module).
    public entry fun initialize(admin: &signer) {
        assert!(signer::address_of(admin) == @agent_platform, error::permission_denied(ENOT_ADMIN));
        if (!exists<PaymentStore>(@agent_platform)) {
            create_store(admin);
        };
        if (!exists<RunClaims>(@agent_platform)) {
            create_run_claims(admin);
        };
    }

    /// Admin only; applies to payments made after the change.
    public entry fun set_refund_window(admin: &signer, seconds: u64) acquires PaymentStore {
        assert!(signer::address_of(admin) == @agent_platform, error::permission_denied(ENOT_ADMIN));
        assert!(
            seconds >= MIN_REFUND_WINDOW_SECS && seconds <= MAX_REFUND_WINDOW_SECS,
            error::invalid_argument(EINVALID_REFUND_WINDOW)
        );
        borrow_global_mut<PaymentStore>(@agent_platform).refund_window = seconds;
        event::emit(RefundWindowChanged { seconds });
    }

    public entry fun make_payment(
        payer: &signer,
        process_id: String,
        task_id: String,
        amount: u64,
    ) acquires PaymentStore {
        assert!(process_registry::process_exists(process_id), error::not_found(EPROCESS_NOT_FOUND));
        assert!(process_registry::is_active(process_id), error::invalid_state(EPROCESS_NOT_ACTIVE));
        assert!(
            process_registry::valid_id(&task_id, MAX_PAYMENT_TASK_ID_BYTES),
            error::invalid_argument(EINVALID_TASK_ID)
        );
        assert!(amount > 0, error::invalid_argument(EZERO_AMOUNT));
        let pricing = process_registry::pricing_of(process_id);
        if (option::is_some(&pricing)) {
            assert!(
                amount >= process_registry::pricing_task_price(option::borrow(&pricing)),
                error::invalid_argument(EAMOUNT_BELOW_PRICE)
            );
        };
        let payer_addr = signer::address_of(payer);
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert!(!table::contains(&store.payments, key), error::already_exists(EPAYMENT_EXISTS));
        assert!(
            primary_fungible_store::balance(payer_addr, apt()) >= amount,
            error::invalid_argument(EINSUFFICIENT_BALANCE)
        );
        let open_key = OpenKey { process_id, payer: payer_addr };
        let open_count = if (table::contains(&store.open, open_key)) {
            vector::length(table::borrow(&store.open, open_key))
        } else { 0 };
        assert!(open_count < MAX_OPEN_PAYMENTS, error::resource_exhausted(ETOO_MANY_OPEN_PAYMENTS));

        let receiver = process_registry::payment_address_of(process_id);
        let provider = process_registry::owner_of(process_id);
        let now = timestamp::now_seconds();
        let settle_time = now + store.refund_window;
        primary_fungible_store::transfer(payer, apt(), store.vault_addr, amount);
        table::add(&mut store.payments, key, PaymentRecord {
            process_id,
            task_id,
            payer: payer_addr,
            receiver,
            provider,
            amount,
            currency: string::utf8(CURRENCY_APT),
            status: STATUS_ESCROW,
            outcome: OUTCOME_NONE,
            result_hash: vector::empty<u8>(),
            created_at: now,
            updated_at: now,
            settle_time,
        });
        if (!table::contains(&store.open, open_key)) {
            table::add(&mut store.open, open_key, vector::empty<String>());
        };
        vector::push_back(table::borrow_mut(&mut store.open, open_key), task_id);
        event::emit(PaymentMade { process_id, task_id, payer: payer_addr, receiver, amount, settle_time });
    }

    /// The payer releases the escrow to the receiver.
    public entry fun release_payment(payer: &signer, process_id: String, task_id: String) acquires PaymentStore {
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: signer::address_of(payer) };
        assert_in_escrow(store, key);
        release(store, key);
    }

    /// The payer takes the money back while the refund window is open and the provider side
    /// reported the task failed.
    public entry fun request_refund(payer: &signer, process_id: String, task_id: String) acquires PaymentStore {
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let payer_addr = signer::address_of(payer);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert_in_escrow(store, key);
        let record = table::borrow(&store.payments, key);
        assert!(timestamp::now_seconds() <= record.settle_time, error::invalid_state(EREFUND_WINDOW_CLOSED));
        assert!(record.outcome == OUTCOME_FAILED, error::invalid_state(EOUTCOME_NOT_FAILED));
        let (amount, _receiver) = close(store, key, STATUS_REFUNDED);
        pay_out(store, payer_addr, amount);
        event::emit(PaymentRefunded { process_id, task_id, payer: payer_addr, amount });
    }

    /// The receiver or the provider declines or gives up: the money goes back to the payer.
    public entry fun cancel_payment(
        caller: &signer,
        process_id: String,
        task_id: String,
        payer_addr: address,
    ) acquires PaymentStore {
        let caller_addr = signer::address_of(caller);
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert!(table::contains(&store.payments, key), error::not_found(EPAYMENT_NOT_FOUND));
        let record = table::borrow(&store.payments, key);
        assert!(
            caller_addr == record.receiver || caller_addr == record.provider,
            error::permission_denied(ENOT_RECEIVER_OR_PROVIDER)
        );
        assert!(record.status == STATUS_ESCROW, error::invalid_state(ENOT_IN_ESCROW));
        let (amount, _receiver) = close(store, key, STATUS_CANCELED);
        pay_out(store, payer_addr, amount);
        event::emit(PaymentCanceled { process_id, task_id, payer: payer_addr, amount, canceled_by: caller_addr });
    }

    /// Anyone, after the settle time: the receiver is paid if delivery was reported, otherwise
    /// the payer gets the money back.
    public entry fun settle_payment(
        caller: &signer,
        process_id: String,
        task_id: String,
        payer_addr: address,
    ) acquires PaymentStore {
        let _ = caller;
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert_in_escrow(store, key);
        let record = table::borrow(&store.payments, key);
        assert!(timestamp::now_seconds() > record.settle_time, error::invalid_state(ESETTLE_TOO_EARLY));
        let delivered = record.outcome == OUTCOME_DELIVERED;
        let final_status = if (delivered) { STATUS_COMPLETED } else { STATUS_REFUNDED };
        let (amount, receiver) = close(store, key, final_status);
        let paid_to = if (delivered) { receiver } else { payer_addr };
        pay_out(store, paid_to, amount);
        event::emit(PaymentSettled { process_id, task_id, payer: payer_addr, amount, delivered, paid_to });
    }

    /// The provider's receipt, written once while in escrow and only until the settle time, by the
    /// provider or a current agent of the process. After the settle time settle decides on what
    /// was recorded, so a silent provider cannot turn the payer's refund into its pay.
    public entry fun report_outcome(
        caller: &signer,
        process_id: String,
        task_id: String,
        payer_addr: address,
        delivered: bool,
        result_hash: vector<u8>,
    ) acquires PaymentStore {
        let caller_addr = signer::address_of(caller);
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert!(table::contains(&store.payments, key), error::not_found(EPAYMENT_NOT_FOUND));
        let record = table::borrow_mut(&mut store.payments, key);
        assert!(
            caller_addr == record.provider || process_registry::is_agent(process_id, caller_addr),
            error::permission_denied(ENOT_PROVIDER_OR_AGENT)
        );
        assert!(record.status == STATUS_ESCROW, error::invalid_state(ENOT_IN_ESCROW));
        assert!(record.outcome == OUTCOME_NONE, error::invalid_state(EOUTCOME_ALREADY_SET));
        assert!(timestamp::now_seconds() <= record.settle_time, error::invalid_state(EOUTCOME_TOO_LATE));
        assert!(
            vector::length(&result_hash) <= MAX_RESULT_HASH_BYTES,
            error::invalid_argument(EINVALID_RESULT_HASH)
        );
        let outcome = if (delivered) { OUTCOME_DELIVERED } else { OUTCOME_FAILED };
        record.outcome = outcome;
        record.result_hash = result_hash;
        record.updated_at = timestamp::now_seconds();
        event::emit(OutcomeReported { process_id, task_id, payer: payer_addr, outcome, result_hash, reporter: caller_addr });
    }

    /// The operator that will run a payment's task and report its outcome records so, once,
    /// before the run: by the provider or a current agent of the process, while the payment is in
    /// escrow with no outcome and its settle time has not passed. A second claim aborts whoever
    /// sends it, so gateways that share nothing but the ledger run one payment once.
    public entry fun claim_run(
        caller: &signer,
        process_id: String,
        task_id: String,
        payer_addr: address,
    ) acquires PaymentStore, RunClaims {
        let caller_addr = signer::address_of(caller);
        let store = borrow_global<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert!(table::contains(&store.payments, key), error::not_found(EPAYMENT_NOT_FOUND));
        let record = table::borrow(&store.payments, key);
        assert!(
            caller_addr == record.provider || process_registry::is_agent(process_id, caller_addr),
            error::permission_denied(ENOT_PROVIDER_OR_AGENT)
        );
        assert!(record.status == STATUS_ESCROW, error::invalid_state(ENOT_IN_ESCROW));
        assert!(record.outcome == OUTCOME_NONE, error::invalid_state(EOUTCOME_ALREADY_SET));
        assert!(timestamp::now_seconds() <= record.settle_time, error::invalid_state(EOUTCOME_TOO_LATE));
        let run_claims = borrow_global_mut<RunClaims>(@agent_platform);
        assert!(!table::contains(&run_claims.claims, key), error::already_exists(ERUN_ALREADY_CLAIMED));
        table::add(&mut run_claims.claims, key, caller_addr);
        event::emit(RunClaimed { process_id, task_id, payer: payer_addr, operator: caller_addr });
    }

    // ---------------------------------------------------------------------------------------
    // For the workflow module

    /// Releases an ESCROW payment on approval of its task (the workflow checked the requester).
    public(friend) fun release_from_workflow(process_id: String, task_id: String, payer: address) acquires PaymentStore {
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer };
        assert_in_escrow(store, key);
        release(store, key);
    }

    /// Records the outcome of a payment when the provider side moves its task: only if the
    /// payment is in escrow with no outcome yet, the settle time has not passed, and `caller` is
    /// its provider or a current agent of the process. Anything else records nothing and does not
    /// abort: the task still moves, and the payment is left to settle on what was recorded in time.
    public(friend) fun record_outcome_from_workflow(
        process_id: String,
        task_id: String,
        payer: address,
        caller: address,
        delivered: bool,
    ) acquires PaymentStore {
        let store = borrow_global_mut<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer };
        if (!table::contains(&store.payments, key)) {
            return
        };
        let record = table::borrow_mut(&mut store.payments, key);
        if (record.status != STATUS_ESCROW || record.outcome != OUTCOME_NONE) {
            return
        };
        if (timestamp::now_seconds() > record.settle_time) {
            return
        };
        if (caller != record.provider && !process_registry::is_agent(process_id, caller)) {
            return
        };
        let outcome = if (delivered) { OUTCOME_DELIVERED } else { OUTCOME_FAILED };
        record.outcome = outcome;
        record.updated_at = timestamp::now_seconds();
        event::emit(OutcomeReported {
            process_id,
            task_id,
            payer,
            outcome,
            result_hash: vector::empty<u8>(),
            reporter: caller,
        });
    }

    // ---------------------------------------------------------------------------------------
    // Views

    #[view]
    /// True only when the payment exists and is in ESCROW.
    public fun verify_payment(process_id: String, task_id: String, payer_addr: address): bool acquires PaymentStore {
        let store = borrow_global<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        table::contains(&store.payments, key) && table::borrow(&store.payments, key).status == STATUS_ESCROW
    }

    #[view]
    /// True when the payment exists, in any status.
    public fun payment_exists(process_id: String, task_id: String, payer_addr: address): bool acquires PaymentStore {
        let store = borrow_global<PaymentStore>(@agent_platform);
        table::contains(&store.payments, PaymentKey { process_id, task_id, payer: payer_addr })
    }

    #[view]
    /// SPEC's nine values: process_id, task_id, payer, receiver, amount, currency, status,
    /// created_at, updated_at.
    public fun get_payment(
        process_id: String,
        task_id: String,
        payer_addr: address,
    ): (String, String, address, address, u64, String, u8, u64, u64) acquires PaymentStore {
        let store = borrow_global<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert!(table::contains(&store.payments, key), error::not_found(EPAYMENT_NOT_FOUND));
        let record = table::borrow(&store.payments, key);
        (
            record.process_id,
            record.task_id,
            record.payer,
            record.receiver,
            record.amount,
            record.currency,
            record.status,
            record.created_at,
            record.updated_at
        )
    }

    #[view]
    public fun get_payment_record(process_id: String, task_id: String, payer_addr: address): PaymentRecord acquires PaymentStore {
        let store = borrow_global<PaymentStore>(@agent_platform);
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        assert!(table::contains(&store.payments, key), error::not_found(EPAYMENT_NOT_FOUND));
        *table::borrow(&store.payments, key)
    }

    #[view]
    /// Task ids of the payer's ESCROW payments for the process, oldest first.
    public fun open_payments(process_id: String, payer_addr: address): vector<String> acquires PaymentStore {
        let store = borrow_global<PaymentStore>(@agent_platform);
        let open_key = OpenKey { process_id, payer: payer_addr };
        if (table::contains(&store.open, open_key)) {
            *table::borrow(&store.open, open_key)
        } else {
            vector::empty<String>()
        }
    }

    #[view]
    /// Everything the gateway needs for one execute, in one call.
    public fun gateway_context(process_id: String, payer_addr: address): GatewayContext acquires PaymentStore {
        let found = process_registry::process_exists(process_id);
        let status = 0;
        let owner = @0x0;
        let service_url = string::utf8(b"");
        let pricing = option::none<Pricing>();
        let agents = vector::empty<address>();
        if (found) {
            status = process_registry::status_of(process_id);
            owner = process_registry::owner_of(process_id);
            service_url = process_registry::service_url_of(process_id);
            pricing = process_registry::pricing_of(process_id);
            agents = process_registry::agents_of(process_id);
        };

        let store = borrow_global<PaymentStore>(@agent_platform);
        let open_list = vector::empty<OpenPayment>();
        let open_key = OpenKey { process_id, payer: payer_addr };
        if (table::contains(&store.open, open_key)) {
            let task_ids = table::borrow(&store.open, open_key);
            let n = vector::length(task_ids);
            let i = 0;
            while (i < n) {
                let task_id = *vector::borrow(task_ids, i);
                let record = table::borrow(&store.payments, PaymentKey { process_id, task_id, payer: payer_addr });
                vector::push_back(&mut open_list, OpenPayment {
                    task_id,
                    amount: record.amount,
                    outcome: record.outcome,
                    settle_time: record.settle_time,
                });
                i = i + 1;
            };
        };

        // Older framework versions abort in get_authentication_key for a missing account.
        let authentication_key = if (account::exists_at(payer_addr)) {
            account::get_authentication_key(payer_addr)
        } else {
            bcs::to_bytes(&payer_addr)
        };

        GatewayContext {
            process_exists: found,
            status,
            owner,
            service_url,
            pricing,
            agents,
            open_payments: open_list,
            authentication_key,
            now: timestamp::now_seconds(),
        }
    }

    #[view]
    /// The operator that claimed the payment's run, or none (also before `initialize` created the
    /// run claims after an upgrade).
    public fun run_claimed_by(process_id: String, task_id: String, payer_addr: address): Option<address> acquires RunClaims {
        if (!exists<RunClaims>(@agent_platform)) {
            return option::none<address>()
        };
        let claims = &borrow_global<RunClaims>(@agent_platform).claims;
        let key = PaymentKey { process_id, task_id, payer: payer_addr };
        if (table::contains(claims, key)) {
            option::some(*table::borrow(claims, key))
        } else {
            option::none<address>()
        }
    }

    #[view]
    public fun refund_window(): u64 acquires PaymentStore {
        borrow_global<PaymentStore>(@agent_platform).refund_window
    }

    #[view]
    public fun vault_address(): address acquires PaymentStore {
        borrow_global<PaymentStore>(@agent_platform).vault_addr
    }

    #[view]
    /// APT held by the vault: at least the sum of the ESCROW amounts.
    public fun escrow_balance(): u64 acquires PaymentStore {
        primary_fungible_store::balance(borrow_global<PaymentStore>(@agent_platform).vault_addr, apt())
    }

    // ---------------------------------------------------------------------------------------
    // Internals

    /// The vault: a named object whose ownership goes to @0x0 (no key can withdraw from it) and
    /// whose ExtendRef stays in the store, so only this module can sign for it. Its seed comes
    /// from the registry, which refuses the vault's address as a payment address.
    fun create_store(admin: &signer) {
        let constructor_ref = object::create_named_object(admin, process_registry::escrow_vault_seed());
        let vault = object::generate_extend_ref(&constructor_ref);
        let vault_addr = object::address_from_constructor_ref(&constructor_ref);
        let transfer_ref = object::generate_transfer_ref(&constructor_ref);
        object::transfer_with_ref(object::generate_linear_transfer_ref(&transfer_ref), @0x0);
        object::disable_ungated_transfer(&transfer_ref);
        move_to(admin, PaymentStore {
            payments: table::new(),
            open: table::new(),
            vault,
            vault_addr,
            refund_window: DEFAULT_REFUND_WINDOW_SECS,
        });
    }

    fun create_run_claims(admin: &signer) {
        move_to(admin, RunClaims { claims: table::new() });
    }

    fun apt(): Object<Metadata> {
        object::address_to_object<Metadata>(@0xa)
    }

    fun assert_in_escrow(store: &PaymentStore, key: PaymentKey) {
        assert!(table::contains(&store.payments, key), error::not_found(EPAYMENT_NOT_FOUND));
        assert!(table::borrow(&store.payments, key).status == STATUS_ESCROW, error::invalid_state(ENOT_IN_ESCROW));
    }

    /// ESCROW -> COMPLETED, funds to the receiver. The caller checked the payment is in escrow.
    fun release(store: &mut PaymentStore, key: PaymentKey) {
        let (amount, receiver) = close(store, key, STATUS_COMPLETED);
        pay_out(store, receiver, amount);
        event::emit(PaymentReleased {
            process_id: key.process_id,
            task_id: key.task_id,
            payer: key.payer,
            receiver,
            amount,
        });
    }

    /// Moves an ESCROW payment to its final `status` and off the open list; returns its amount
    /// and receiver.
    fun close(store: &mut PaymentStore, key: PaymentKey, status: u8): (u64, address) {
        let record = table::borrow_mut(&mut store.payments, key);
        record.status = status;
        record.updated_at = timestamp::now_seconds();
        let amount = record.amount;
        let receiver = record.receiver;
        let open_key = OpenKey { process_id: key.process_id, payer: key.payer };
        let task_ids = table::borrow_mut(&mut store.open, open_key);
        let (found, index) = vector::index_of(task_ids, &key.task_id);
        if (found) {
            vector::remove(task_ids, index);
        };
        if (vector::is_empty(task_ids)) {
            table::remove(&mut store.open, open_key);
        };
        (amount, receiver)
    }

    fun pay_out(store: &PaymentStore, to: address, amount: u64) {
        let vault_signer = object::generate_signer_for_extending(&store.vault);
        primary_fungible_store::transfer(&vault_signer, apt(), to, amount);
    }
}
