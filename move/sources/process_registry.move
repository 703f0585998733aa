/// The process registry: who offers which agent process, where it is served and what a task costs.
/// Records live in tables keyed by id; dense `Table<u64, String>` indexes (global and per owner)
/// with position tables give paging and O(1) swap-remove. Ids are never reused.
module agent_platform::process_registry {
    use std::error;
    use std::option::{Self, Option};
    use std::signer;
    use std::string::{Self, String};
    use std::vector;
    use aptos_std::table::{Self, Table};
    use aptos_framework::event;
    use aptos_framework::object;
    use aptos_framework::timestamp;

    /// Process not found
    const EPROCESS_NOT_FOUND: u64 = 1;
    /// A process with this id exists or existed; ids are never reused
    const EPROCESS_EXISTS: u64 = 2;
    /// Only the process owner may do this
    const ENOT_PROCESS_OWNER: u64 = 3;
    /// Ids are 1 to 64 bytes of letters, digits, '.', '_' and '-'
    const EINVALID_ID: u64 = 4;
    /// Names are 1 to 128 bytes
    const EINVALID_NAME: u64 = 5;
    /// Descriptions are at most 1024 bytes
    const EDESCRIPTION_TOO_LONG: u64 = 6;
    /// The service URL must be 1 to 512 bytes and start with https://, http:// or service://
    const EINVALID_SERVICE_URL: u64 = 7;
    /// At most 16 tags
    const ETOO_MANY_TAGS: u64 = 8;
    /// Tags are 1 to 32 bytes
    const EINVALID_TAG: u64 = 9;
    /// At most 16 agents
    const ETOO_MANY_AGENTS: u64 = 10;
    /// At most 32 workflows, each a valid id
    const ETOO_MANY_WORKFLOWS: u64 = 11;
    /// Process status must be 0 (active), 1 (inactive) or 2 (maintenance)
    const EINVALID_STATUS: u64 = 12;
    /// Only APT is accepted as currency
    const EUNSUPPORTED_CURRENCY: u64 = 13;
    /// Ids starting with 'proc-' are assigned by the registry
    const ERESERVED_ID_PREFIX: u64 = 14;
    /// The payment address may not be the escrow vault's own address
    const EPAYMENT_ADDRESS_IS_VAULT: u64 = 15;

    const MAX_ID_BYTES: u64 = 64;
    const MAX_NAME_BYTES: u64 = 128;
    const MAX_DESCRIPTION_BYTES: u64 = 1024;
    const MAX_SERVICE_URL_BYTES: u64 = 512;
    const MAX_TAGS: u64 = 16;
    const MAX_TAG_BYTES: u64 = 32;
    const MAX_AGENTS: u64 = 16;
    const MAX_WORKFLOWS: u64 = 32;
    const MAX_PAGE: u64 = 100;

    const STATUS_ACTIVE: u8 = 0;
    const STATUS_INACTIVE: u8 = 1;
    const STATUS_MAINTENANCE: u8 = 2;

    const ASSIGNED_ID_PREFIX: vector<u8> = b"proc-";
    const CURRENCY_APT: vector<u8> = b"APT";
    const SCHEME_HTTPS: vector<u8> = b"https://";
    const SCHEME_HTTP: vector<u8> = b"http://";
    const SCHEME_SERVICE: vector<u8> = b"service://";
    /// Seed of the escrow vault, a named object of the publisher. Declared here, at the bottom of
    /// the module chain, so the registry can refuse the vault as a payment address; `payment`
    /// creates the vault with `escrow_vault_seed()`.
    const VAULT_SEED: vector<u8> = b"agent_platform::escrow_vault";

    struct Pricing has copy, drop, store {
        task_price: u64,
        currency: String,
        requires_prepayment: bool,
    }

    struct Process has copy, drop, store {
        id: String,
        name: String,
        description: String,
        owner: address,
        service_url: String,
        payment_address: address,
        agents: vector<address>,
        workflows: vector<String>,
        tags: vector<String>,
        status: u8,
        pricing: Option<Pricing>,
        created_at: u64,
        updated_at: u64,
    }

    /// Position `index` in the dense list of `owner`'s processes.
    struct OwnerSlot has copy, drop, store {
        owner: address,
        index: u64,
    }

    struct Registry has key {
        processes: Table<String, Process>,
        /// Every id ever registered, so that a deregistered id stays reserved.
        used_ids: Table<String, bool>,
        index: Table<u64, String>,
        positions: Table<String, u64>,
        count: u64,
        owner_index: Table<OwnerSlot, String>,
        owner_positions: Table<String, u64>,
        owner_counts: Table<address, u64>,
        /// Next n to try for an assigned `proc-<n>` id.
        next_assigned: u64,
        /// Bumped by every register, update and deregister; `changes` maps it to the changed id.
        revision: u64,
        changes: Table<u64, String>,
    }

    #[event]
    struct ProcessRegistered has drop, store {
        process_id: String,
        owner: address,
    }

    #[event]
    struct ProcessUpdated has drop, store {
        process_id: String,
        owner: address,
        status: u8,
    }

    #[event]
    struct ProcessDeregistered has drop, store {
        process_id: String,
        owner: address,
    }

    fun init_module(deployer: &signer) {
        move_to(deployer, Registry {
            processes: table::new(),
            used_ids: table::new(),
            index: table::new(),
            positions: table::new(),
            count: 0,
            owner_index: table::new(),
            owner_positions: table::new(),
            owner_counts: table::new(),
            next_assigned: 1,
            revision: 0,
            changes: table::new(),
        });
    }

    #[test_only]
    public fun init_for_test(s: &signer) {
        init_module(s);
    }

    #[test_only]
    public fun unpack_process(
        process: Process,
    ): (String, String, String, address, String, address, vector<address>, vector<String>, vector<String>, u8, Option<Pricing>, u64, u64) {
        let Process {
            id,
            name,
            description,
            owner,
            service_url,
            payment_address,
            agents,
            workflows,
            tags,
            status,
            pricing,
            created_at,
            updated_at
        } = process;
        (id, name, description, owner, service_url, payment_address, agents, workflows, tags, status, pricing, created_at, updated_at)
    }

    // ---------------------------------------------------------------------------------------
    // Entry functions

    public entry fun register_process(
        owner: &signer,
        id: String,
        name: String,
        description: String,
        service_url: String,
        payment_address: address,
        agents: vector<address>,
        workflows: vector<String>,
        tags: vector<String>,
        status: u8,
        has_pricing: bool,
        task_price: u64,
        currency: String,
        requires_prepayment: bool,
    ) acquires Registry {
        let chosen = !string::is_empty(&id);
        if (chosen) {
            assert!(valid_id(&id, MAX_ID_BYTES), error::invalid_argument(EINVALID_ID));
            assert!(
                !starts_with(string::bytes(&id), ASSIGNED_ID_PREFIX),
                error::invalid_argument(ERESERVED_ID_PREFIX)
            );
        };
        validate_fields(
            &name, &description, &service_url, payment_address, &agents, &workflows, &tags, status, has_pricing, &currency
        );
        let registry = borrow_global_mut<Registry>(@agent_platform);
        if (chosen) {
            assert!(!table::contains(&registry.used_ids, id), error::already_exists(EPROCESS_EXISTS));
        };
        let process_id = if (chosen) { id } else { next_assigned_id(registry) };
        let owner_addr = signer::address_of(owner);
        let now = timestamp::now_seconds();
        let process = Process {
            id: process_id,
            name,
            description,
            owner: owner_addr,
            service_url,
            payment_address: if (payment_address == @0x0) { owner_addr } else { payment_address },
            agents,
            workflows,
            tags,
            status,
            pricing: make_pricing(has_pricing, task_price, currency, requires_prepayment),
            created_at: now,
            updated_at: now,
        };
        table::add(&mut registry.processes, process_id, process);
        table::add(&mut registry.used_ids, process_id, true);
        let position = registry.count;
        table::add(&mut registry.index, position, process_id);
        table::add(&mut registry.positions, process_id, position);
        registry.count = position + 1;
        let owned = if (table::contains(&registry.owner_counts, owner_addr)) {
            *table::borrow(&registry.owner_counts, owner_addr)
        } else { 0 };
        table::add(&mut registry.owner_index, OwnerSlot { owner: owner_addr, index: owned }, process_id);
        table::add(&mut registry.owner_positions, process_id, owned);
        table::upsert(&mut registry.owner_counts, owner_addr, owned + 1);
        record_change(registry, process_id);
        event::emit(ProcessRegistered { process_id, owner: owner_addr });
    }

    public entry fun update_process(
        owner: &signer,
        id: String,
        name: String,
        description: String,
        service_url: String,
        payment_address: address,
        agents: vector<address>,
        workflows: vector<String>,
        tags: vector<String>,
        status: u8,
        has_pricing: bool,
        task_price: u64,
        currency: String,
        requires_prepayment: bool,
    ) acquires Registry {
        let registry = borrow_global_mut<Registry>(@agent_platform);
        assert!(table::contains(&registry.processes, id), error::not_found(EPROCESS_NOT_FOUND));
        let owner_addr = signer::address_of(owner);
        let process = table::borrow_mut(&mut registry.processes, id);
        assert!(process.owner == owner_addr, error::permission_denied(ENOT_PROCESS_OWNER));
        validate_fields(
            &name, &description, &service_url, payment_address, &agents, &workflows, &tags, status, has_pricing, &currency
        );
        process.name = name;
        process.description = description;
        process.service_url = service_url;
        process.payment_address = if (payment_address == @0x0) { owner_addr } else { payment_address };
        process.agents = agents;
        process.workflows = workflows;
        process.tags = tags;
        process.status = status;
        process.pricing = make_pricing(has_pricing, task_price, currency, requires_prepayment);
        process.updated_at = timestamp::now_seconds();
        record_change(registry, id);
        event::emit(ProcessUpdated { process_id: id, owner: owner_addr, status });
    }

    public entry fun deregister_process(owner: &signer, id: String) acquires Registry {
        let registry = borrow_global_mut<Registry>(@agent_platform);
        assert!(table::contains(&registry.processes, id), error::not_found(EPROCESS_NOT_FOUND));
        let owner_addr = signer::address_of(owner);
        let process = table::remove(&mut registry.processes, id);
        assert!(process.owner == owner_addr, error::permission_denied(ENOT_PROCESS_OWNER));

        // Global index: move the last id into the freed position.
        let pos = table::remove(&mut registry.positions, id);
        let last = registry.count - 1;
        if (pos != last) {
            let last_id = *table::borrow(&registry.index, last);
            *table::borrow_mut(&mut registry.index, pos) = last_id;
            *table::borrow_mut(&mut registry.positions, last_id) = pos;
        };
        table::remove(&mut registry.index, last);
        registry.count = last;

        // Per-owner index: the same, within the owner's list.
        let owner_pos = table::remove(&mut registry.owner_positions, id);
        let owner_last = *table::borrow(&registry.owner_counts, owner_addr) - 1;
        if (owner_pos != owner_last) {
            let last_id = *table::borrow(&registry.owner_index, OwnerSlot { owner: owner_addr, index: owner_last });
            *table::borrow_mut(&mut registry.owner_index, OwnerSlot { owner: owner_addr, index: owner_pos }) = last_id;
            *table::borrow_mut(&mut registry.owner_positions, last_id) = owner_pos;
        };
        table::remove(&mut registry.owner_index, OwnerSlot { owner: owner_addr, index: owner_last });
        if (owner_last == 0) {
            table::remove(&mut registry.owner_counts, owner_addr);
        } else {
            *table::borrow_mut(&mut registry.owner_counts, owner_addr) = owner_last;
        };

        record_change(registry, id);
        event::emit(ProcessDeregistered { process_id: id, owner: owner_addr });
    }

    // ---------------------------------------------------------------------------------------
    // Views

    #[view]
    public fun get_process(id: String): Process acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        assert!(table::contains(&registry.processes, id), error::not_found(EPROCESS_NOT_FOUND));
        *table::borrow(&registry.processes, id)
    }

    #[view]
    public fun process_exists(id: String): bool acquires Registry {
        table::contains(&borrow_global<Registry>(@agent_platform).processes, id)
    }

    #[view]
    public fun process_count(): u64 acquires Registry {
        borrow_global<Registry>(@agent_platform).count
    }

    #[view]
    public fun list_processes(start: u64, limit: u64): vector<Process> acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        let result = vector::empty<Process>();
        if (start >= registry.count) {
            return result
        };
        let n = page_size(limit, registry.count - start);
        let i = 0;
        while (i < n) {
            let id = *table::borrow(&registry.index, start + i);
            vector::push_back(&mut result, *table::borrow(&registry.processes, id));
            i = i + 1;
        };
        result
    }

    #[view]
    public fun owner_process_count(owner: address): u64 acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        if (table::contains(&registry.owner_counts, owner)) {
            *table::borrow(&registry.owner_counts, owner)
        } else { 0 }
    }

    #[view]
    public fun list_processes_by_owner(owner: address, start: u64, limit: u64): vector<Process> acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        let result = vector::empty<Process>();
        let owned = if (table::contains(&registry.owner_counts, owner)) {
            *table::borrow(&registry.owner_counts, owner)
        } else { 0 };
        if (start >= owned) {
            return result
        };
        let n = page_size(limit, owned - start);
        let i = 0;
        while (i < n) {
            let id = *table::borrow(&registry.owner_index, OwnerSlot { owner, index: start + i });
            vector::push_back(&mut result, *table::borrow(&registry.processes, id));
            i = i + 1;
        };
        result
    }

    #[view]
    public fun registry_revision(): u64 acquires Registry {
        borrow_global<Registry>(@agent_platform).revision
    }

    #[view]
    public fun changed_since(revision: u64, limit: u64): vector<String> acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        let result = vector::empty<String>();
        if (revision >= registry.revision) {
            return result
        };
        let n = page_size(limit, registry.revision - revision);
        let i = 1;
        while (i <= n) {
            vector::push_back(&mut result, *table::borrow(&registry.changes, revision + i));
            i = i + 1;
        };
        result
    }

    // ---------------------------------------------------------------------------------------
    // Accessors for the payment and workflow modules (struct fields are private to this module).

    /// Status of an existing process; aborts `EPROCESS_NOT_FOUND` otherwise.
    public fun status_of(id: String): u8 acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        assert_exists(registry, id);
        table::borrow(&registry.processes, id).status
    }

    /// Owner of an existing process; aborts `EPROCESS_NOT_FOUND` otherwise.
    public fun owner_of(id: String): address acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        assert_exists(registry, id);
        table::borrow(&registry.processes, id).owner
    }

    /// Where released funds go for an existing process; aborts `EPROCESS_NOT_FOUND` otherwise.
    public fun payment_address_of(id: String): address acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        assert_exists(registry, id);
        table::borrow(&registry.processes, id).payment_address
    }

    /// Service URL of an existing process; aborts `EPROCESS_NOT_FOUND` otherwise.
    public fun service_url_of(id: String): String acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        assert_exists(registry, id);
        table::borrow(&registry.processes, id).service_url
    }

    /// Agents of an existing process; aborts `EPROCESS_NOT_FOUND` otherwise.
    public fun agents_of(id: String): vector<address> acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        assert_exists(registry, id);
        table::borrow(&registry.processes, id).agents
    }

    /// Pricing of an existing process; aborts `EPROCESS_NOT_FOUND` otherwise.
    public fun pricing_of(id: String): Option<Pricing> acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        assert_exists(registry, id);
        table::borrow(&registry.processes, id).pricing
    }

    /// True when the process exists and its status is active.
    public fun is_active(id: String): bool acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        table::contains(&registry.processes, id)
            && table::borrow(&registry.processes, id).status == STATUS_ACTIVE
    }

    /// True when the process exists and `addr` is currently one of its agents.
    public fun is_agent(id: String, addr: address): bool acquires Registry {
        let registry = borrow_global<Registry>(@agent_platform);
        if (!table::contains(&registry.processes, id)) {
            return false
        };
        vector::contains(&table::borrow(&registry.processes, id).agents, &addr)
    }

    public fun pricing_task_price(pricing: &Pricing): u64 {
        pricing.task_price
    }

    public fun pricing_currency(pricing: &Pricing): String {
        pricing.currency
    }

    public fun pricing_requires_prepayment(pricing: &Pricing): bool {
        pricing.requires_prepayment
    }

    /// Seed `payment` passes to `object::create_named_object` for its vault.
    public fun escrow_vault_seed(): vector<u8> {
        VAULT_SEED
    }

    /// Address of the escrow vault: the named object `VAULT_SEED` of the publisher, derived as
    /// `object::create_named_object(publisher, VAULT_SEED)` derives it.
    public fun escrow_vault_address(): address {
        object::create_object_address(&@agent_platform, VAULT_SEED)
    }

    /// True when `id` is 1..`max_bytes` bytes of `[A-Za-z0-9._-]` (process, workflow, task ids).
    public fun valid_id(id: &String, max_bytes: u64): bool {
        let bytes = string::bytes(id);
        let n = vector::length(bytes);
        if (n == 0 || n > max_bytes) {
            return false
        };
        let i = 0;
        while (i < n) {
            if (!is_id_char(*vector::borrow(bytes, i))) {
                return false
            };
            i = i + 1;
        };
        true
    }

    // ---------------------------------------------------------------------------------------
    // Internals

    fun assert_exists(registry: &Registry, id: String) {
        assert!(table::contains(&registry.processes, id), error::not_found(EPROCESS_NOT_FOUND));
    }

    fun validate_fields(
        name: &String,
        description: &String,
        service_url: &String,
        payment_address: address,
        agents: &vector<address>,
        workflows: &vector<String>,
        tags: &vector<String>,
        status: u8,
        has_pricing: bool,
        currency: &String,
    ) {
        let name_len = string::length(name);
        assert!(name_len >= 1 && name_len <= MAX_NAME_BYTES, error::invalid_argument(EINVALID_NAME));
        assert!(
            string::length(description) <= MAX_DESCRIPTION_BYTES,
            error::invalid_argument(EDESCRIPTION_TOO_LONG)
        );
        assert!(valid_service_url(service_url), error::invalid_argument(EINVALID_SERVICE_URL));
        assert!(vector::length(agents) <= MAX_AGENTS, error::invalid_argument(ETOO_MANY_AGENTS));
        let workflow_count = vector::length(workflows);
        assert!(workflow_count <= MAX_WORKFLOWS, error::invalid_argument(ETOO_MANY_WORKFLOWS));
        let i = 0;
        while (i < workflow_count) {
            assert!(
                valid_id(vector::borrow(workflows, i), MAX_ID_BYTES),
                error::invalid_argument(ETOO_MANY_WORKFLOWS)
            );
            i = i + 1;
        };
        let tag_count = vector::length(tags);
        assert!(tag_count <= MAX_TAGS, error::invalid_argument(ETOO_MANY_TAGS));
        let j = 0;
        while (j < tag_count) {
            let tag_len = string::length(vector::borrow(tags, j));
            assert!(tag_len >= 1 && tag_len <= MAX_TAG_BYTES, error::invalid_argument(EINVALID_TAG));
            j = j + 1;
        };
        assert!(
            status == STATUS_ACTIVE || status == STATUS_INACTIVE || status == STATUS_MAINTENANCE,
            error::invalid_argument(EINVALID_STATUS)
        );
        if (has_pricing) {
            assert!(
                *string::bytes(currency) == CURRENCY_APT,
                error::invalid_argument(EUNSUPPORTED_CURRENCY)
            );
        };
        // Funds released to the vault's own address would stay in the vault for good.
        assert!(payment_address != escrow_vault_address(), error::invalid_argument(EPAYMENT_ADDRESS_IS_VAULT));
    }

    fun make_pricing(has_pricing: bool, task_price: u64, currency: String, requires_prepayment: bool): Option<Pricing> {
        if (has_pricing) {
            option::some(Pricing { task_price, currency, requires_prepayment })
        } else {
            option::none<Pricing>()
        }
    }

    fun valid_service_url(url: &String): bool {
        let bytes = string::bytes(url);
        let n = vector::length(bytes);
        if (n == 0 || n > MAX_SERVICE_URL_BYTES) {
            return false
        };
        starts_with(bytes, SCHEME_HTTPS) || starts_with(bytes, SCHEME_HTTP) || starts_with(bytes, SCHEME_SERVICE)
    }

    fun is_id_char(c: u8): bool {
        (c >= 48 && c <= 57) // 0-9
            || (c >= 65 && c <= 90) // A-Z
            || (c >= 97 && c <= 122) // a-z
            || c == 46 // .
            || c == 95 // _
            || c == 45 // -
    }

    fun starts_with(bytes: &vector<u8>, prefix: vector<u8>): bool {
        let n = vector::length(&prefix);
        if (vector::length(bytes) < n) {
            return false
        };
        let i = 0;
        while (i < n) {
            if (*vector::borrow(bytes, i) != *vector::borrow(&prefix, i)) {
                return false
            };
            i = i + 1;
        };
        true
    }

    /// The first free `proc-<n>` at or after the counter; advances the counter past it.
    fun next_assigned_id(registry: &mut Registry): String {
        let n = registry.next_assigned;
        let candidate = assigned_id(n);
        while (table::contains(&registry.used_ids, candidate)) {
            n = n + 1;
            candidate = assigned_id(n);
        };
        registry.next_assigned = n + 1;
        candidate
    }

    fun assigned_id(n: u64): String {
        let bytes = ASSIGNED_ID_PREFIX;
        vector::append(&mut bytes, u64_to_decimal(n));
        string::utf8(bytes)
    }

    fun u64_to_decimal(n: u64): vector<u8> {
        if (n == 0) {
            return b"0"
        };
        let digits = vector::empty<u8>();
        let rest = n;
        while (rest > 0) {
            vector::push_back(&mut digits, ((rest % 10) as u8) + 48);
            rest = rest / 10;
        };
        vector::reverse(&mut digits);
        digits
    }

    fun record_change(registry: &mut Registry, id: String) {
        let revision = registry.revision + 1;
        registry.revision = revision;
        table::add(&mut registry.changes, revision, id);
    }

    fun page_size(limit: u64, available: u64): u64 {
        let n = if (limit > MAX_PAGE) { MAX_PAGE } else { limit };
        if (n > available) { available } else { n }
    }
}
