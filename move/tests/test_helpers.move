#[test_only]
/// Shared set-up for the package's unit tests: clock, APT, funded accounts, the three modules.
module agent_platform::test_helpers {
    use std::string::{Self, String};
    use std::vector;
    use aptos_framework::account;
    use aptos_framework::aptos_coin::{Self, AptosCoin};
    use aptos_framework::coin;
    use aptos_framework::timestamp;
    use agent_platform::process_registry;
    use agent_platform::payment;
    use agent_platform::workflow;

    /// Ledger time when every test starts, in seconds.
    const START: u64 = 1000;
    /// Octas each funded account starts with.
    const FUNDS: u64 = 1000000000;

    public fun start(): u64 {
        START
    }

    public fun funds(): u64 {
        FUNDS
    }

    /// Starts the clock at START, creates APT, gives each of `accounts` an account and FUNDS
    /// octas, and initialises the three modules as the publisher.
    public fun setup(fw: &signer, admin: &signer, accounts: vector<address>) {
        timestamp::set_time_has_started_for_testing(fw);
        timestamp::update_global_time_for_test_secs(START);
        let (burn_cap, mint_cap) = aptos_coin::initialize_for_test(fw);
        let n = vector::length(&accounts);
        let i = 0;
        while (i < n) {
            let addr = *vector::borrow(&accounts, i);
            account::create_account_for_test(addr);
            coin::deposit(addr, coin::mint<AptosCoin>(FUNDS, &mint_cap));
            i = i + 1;
        };
        coin::destroy_burn_cap(burn_cap);
        coin::destroy_mint_cap(mint_cap);
        process_registry::init_for_test(admin);
        payment::init_for_test(admin);
        workflow::init_for_test(admin);
    }

    public fun balance(addr: address): u64 {
        coin::balance<AptosCoin>(addr)
    }

    public fun s(bytes: vector<u8>): String {
        string::utf8(bytes)
    }

    /// A string of `n` copies of `byte`.
    public fun repeat(byte: u8, n: u64): String {
        let bytes = vector::empty<u8>();
        let i = 0;
        while (i < n) {
            vector::push_back(&mut bytes, byte);
            i = i + 1;
        };
        string::utf8(bytes)
    }

    /// `prefix` followed by `n` in decimal (n < 100), e.g. numbered(b"t", 7) == "t7".
    public fun numbered(prefix: vector<u8>, n: u64): String {
        let bytes = prefix;
        if (n >= 10) {
            vector::push_back(&mut bytes, ((n / 10) as u8) + 48);
        };
        vector::push_back(&mut bytes, ((n % 10) as u8) + 48);
        string::utf8(bytes)
    }

    /// Registers an active process with the given payment address, agents and pricing.
    public fun register(
        owner: &signer,
        id: vector<u8>,
        payment_address: address,
        agents: vector<address>,
        has_pricing: bool,
        task_price: u64,
    ) {
        process_registry::register_process(
            owner,
            string::utf8(id),
            string::utf8(b"Summarizer"),
            string::utf8(b"Summarizes text"),
            string::utf8(b"https://agent.example/run"),
            payment_address,
            agents,
            vector::empty<String>(),
            vector::empty<String>(),
            0,
            has_pricing,
            task_price,
            string::utf8(b"APT"),
            true
        );
    }

    /// Moves the ledger clock to `seconds` (must be later than now).
    public fun set_time(seconds: u64) {
        timestamp::update_global_time_for_test_secs(seconds);
    }
}
