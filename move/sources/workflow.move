/// Workflows of tasks with dependencies. A task may be linked to a process; approving it can
/// release the requester's escrow payment for it, and the provider side moving it records the
/// payment's outcome.
module agent_platform::workflow {
    use std::error;
    use std::signer;
    use std::string::{Self, String};
    use std::vector;
    use aptos_std::table::{Self, Table};
    use aptos_framework::event;
    use aptos_framework::timestamp;
    use agent_platform::process_registry;
    use agent_platform::payment;

    /// Process not found
    const EPROCESS_NOT_FOUND: u64 = 1;
    /// Ids are 1 to 64 bytes of letters, digits, '.', '_' and '-'
    const EINVALID_ID: u64 = 4;
    /// Names are 1 to 128 bytes
    const EINVALID_NAME: u64 = 5;
    /// Descriptions are at most 1024 bytes
    const EDESCRIPTION_TOO_LONG: u64 = 6;
    /// Payment not found
    const EPAYMENT_NOT_FOUND: u64 = 28;
    /// The payment is no longer in escrow
    const ENOT_IN_ESCROW: u64 = 29;
    /// Workflow not found
    const EWORKFLOW_NOT_FOUND: u64 = 40;
    /// A workflow with this id exists
    const EWORKFLOW_EXISTS: u64 = 41;
    /// Only the workflow owner may do this
    const ENOT_WORKFLOW_OWNER: u64 = 42;
    /// The workflow is not active
    const EWORKFLOW_NOT_ACTIVE: u64 = 43;
    /// Task not found
    const ETASK_NOT_FOUND: u64 = 44;
    /// A task with this id exists in the workflow
    const ETASK_EXISTS: u64 = 45;
    /// At most 64 tasks per workflow
    const ETOO_MANY_TASKS: u64 = 46;
    /// At most 16 dependencies per task
    const ETOO_MANY_DEPENDENCIES: u64 = 47;
    /// Every dependency must already be a task of the workflow
    const EDEPENDENCY_NOT_FOUND: u64 = 48;
    /// That task status change is not allowed from the current status
    const EINVALID_TRANSITION: u64 = 49;
    /// The caller may not make this task status change
    const ENOT_AUTHORIZED: u64 = 50;
    /// Every dependency must be completed or approved first
    const EDEPENDENCIES_NOT_DONE: u64 = 51;
    /// Only the task's requester may approve it
    const ENOT_REQUESTER: u64 = 52;
    /// The task must be completed before approval
    const ETASK_NOT_COMPLETED: u64 = 53;
    /// The task has a payment in escrow; use approve_task_and_release_payment
    const EPAYMENT_PENDING: u64 = 54;
    /// Task status must be 0 to 5 (pending, in progress, completed, approved, failed, canceled)
    const EINVALID_TASK_STATUS: u64 = 55;

    const MAX_ID_BYTES: u64 = 64;
    const MAX_NAME_BYTES: u64 = 128;
    const MAX_DESCRIPTION_BYTES: u64 = 1024;
    const MAX_TASKS: u64 = 64;
    const MAX_DEPENDENCIES: u64 = 16;

    const WORKFLOW_ACTIVE: u8 = 0;
    const WORKFLOW_COMPLETED: u8 = 1;
    const WORKFLOW_CANCELED: u8 = 2;
    const TASK_PENDING: u8 = 0;
    const TASK_IN_PROGRESS: u8 = 1;
    const TASK_COMPLETED: u8 = 2;
    const TASK_APPROVED: u8 = 3;
    const TASK_FAILED: u8 = 4;
    const TASK_CANCELED: u8 = 5;

    struct Workflow has copy, drop, store {
        id: String,
        name: String,
        description: String,
        owner: address,
        status: u8,
        task_count: u64,
        created_at: u64,
        updated_at: u64,
    }

    struct Task has copy, drop, store {
        id: String,
        name: String,
        description: String,
        assignee: address,
        requester: address,
        process_id: String,
        dependencies: vector<String>,
        status: u8,
        created_at: u64,
        updated_at: u64,
    }

    struct TaskKey has copy, drop, store {
        workflow_id: String,
        task_id: String,
    }

    /// Position `index` in the dense, insertion-ordered list of a workflow's tasks.
    struct TaskSlot has copy, drop, store {
        workflow_id: String,
        index: u64,
    }

    struct WorkflowStore has key {
        workflows: Table<String, Workflow>,
        tasks: Table<TaskKey, Task>,
        task_index: Table<TaskSlot, String>,
        /// Tasks per workflow that are COMPLETED or APPROVED (a task never leaves those).
        done_counts: Table<String, u64>,
    }

    #[event]
    struct WorkflowCreated has drop, store {
        workflow_id: String,
        owner: address,
    }

    #[event]
    struct WorkflowCanceled has drop, store {
        workflow_id: String,
        canceled_by: address,
    }

    #[event]
    struct WorkflowCompleted has drop, store {
        workflow_id: String,
    }

    #[event]
    struct TaskAdded has drop, store {
        workflow_id: String,
        task_id: String,
        process_id: String,
    }

    #[event]
    struct TaskStatusChanged has drop, store {
        workflow_id: String,
        task_id: String,
        from_status: u8,
        to_status: u8,
        changed_by: address,
    }

    #[event]
    struct TaskApproved has drop, store {
        workflow_id: String,
        task_id: String,
        requester: address,
        payment_released: bool,
    }

    fun init_module(deployer: &signer) {
        move_to(deployer, WorkflowStore {
            workflows: table::new(),
            tasks: table::new(),
            task_index: table::new(),
            done_counts: table::new(),
        });
    }

    #[test_only]
    public fun init_for_test(s: &signer) {
        init_module(s);
    }

    #[test_only]
    /// (owner, status, task_count, created_at, updated_at) of a workflow.
    public fun workflow_fields(wf: &Workflow): (address, u8, u64, u64, u64) {
        (wf.owner, wf.status, wf.task_count, wf.created_at, wf.updated_at)
    }

    #[test_only]
    /// (id, assignee, requester, process_id, dependencies, status) of a task.
    public fun task_fields(task: &Task): (String, address, address, String, vector<String>, u8) {
        (task.id, task.assignee, task.requester, task.process_id, task.dependencies, task.status)
    }

    // ---------------------------------------------------------------------------------------
    // Entry functions

    public entry fun create_workflow(owner: &signer, id: String, name: String, description: String) acquires WorkflowStore {
        assert!(process_registry::valid_id(&id, MAX_ID_BYTES), error::invalid_argument(EINVALID_ID));
        validate_text(&name, &description);
        let store = borrow_global_mut<WorkflowStore>(@agent_platform);
        assert!(!table::contains(&store.workflows, id), error::already_exists(EWORKFLOW_EXISTS));
        let owner_addr = signer::address_of(owner);
        let now = timestamp::now_seconds();
        table::add(&mut store.workflows, id, Workflow {
            id,
            name,
            description,
            owner: owner_addr,
            status: WORKFLOW_ACTIVE,
            task_count: 0,
            created_at: now,
            updated_at: now,
        });
        table::add(&mut store.done_counts, id, 0);
        event::emit(WorkflowCreated { workflow_id: id, owner: owner_addr });
    }

    public entry fun add_task(
        owner: &signer,
        workflow_id: String,
        task_id: String,
        name: String,
        description: String,
        assignee: address,
        requester: address,
        process_id: String,
        dependencies: vector<String>,
    ) acquires WorkflowStore {
        let owner_addr = signer::address_of(owner);
        let store = borrow_global_mut<WorkflowStore>(@agent_platform);
        assert!(table::contains(&store.workflows, workflow_id), error::not_found(EWORKFLOW_NOT_FOUND));
        let wf = *table::borrow(&store.workflows, workflow_id);
        assert!(wf.owner == owner_addr, error::permission_denied(ENOT_WORKFLOW_OWNER));
        assert!(wf.status == WORKFLOW_ACTIVE, error::invalid_state(EWORKFLOW_NOT_ACTIVE));
        assert!(process_registry::valid_id(&task_id, MAX_ID_BYTES), error::invalid_argument(EINVALID_ID));
        validate_text(&name, &description);
        if (!string::is_empty(&process_id)) {
            assert!(process_registry::process_exists(process_id), error::not_found(EPROCESS_NOT_FOUND));
        };
        let dependency_count = vector::length(&dependencies);
        assert!(dependency_count <= MAX_DEPENDENCIES, error::invalid_argument(ETOO_MANY_DEPENDENCIES));
        let i = 0;
        while (i < dependency_count) {
            let dependency = *vector::borrow(&dependencies, i);
            assert!(
                table::contains(&store.tasks, TaskKey { workflow_id, task_id: dependency }),
                error::invalid_argument(EDEPENDENCY_NOT_FOUND)
            );
            i = i + 1;
        };
        let key = TaskKey { workflow_id, task_id };
        assert!(!table::contains(&store.tasks, key), error::already_exists(ETASK_EXISTS));
        assert!(wf.task_count < MAX_TASKS, error::resource_exhausted(ETOO_MANY_TASKS));

        let now = timestamp::now_seconds();
        table::add(&mut store.tasks, key, Task {
            id: task_id,
            name,
            description,
            assignee,
            requester,
            process_id,
            dependencies,
            status: TASK_PENDING,
            created_at: now,
            updated_at: now,
        });
        table::add(&mut store.task_index, TaskSlot { workflow_id, index: wf.task_count }, task_id);
        let stored = table::borrow_mut(&mut store.workflows, workflow_id);
        stored.task_count = wf.task_count + 1;
        stored.updated_at = now;
        event::emit(TaskAdded { workflow_id, task_id, process_id });
    }

    public entry fun update_task_status(
        caller: &signer,
        workflow_id: String,
        task_id: String,
        new_status: u8,
    ) acquires WorkflowStore {
        let caller_addr = signer::address_of(caller);
        let store = borrow_global_mut<WorkflowStore>(@agent_platform);
        assert!(table::contains(&store.workflows, workflow_id), error::not_found(EWORKFLOW_NOT_FOUND));
        let workflow_owner = table::borrow(&store.workflows, workflow_id).owner;
        let key = TaskKey { workflow_id, task_id };
        assert!(table::contains(&store.tasks, key), error::not_found(ETASK_NOT_FOUND));
        // A value that is no status is a bad argument; PENDING or APPROVED as a target is a change
        // outside the table below, so it aborts EINVALID_TRANSITION (invalid_state) like any other.
        assert!(new_status <= TASK_CANCELED, error::invalid_argument(EINVALID_TASK_STATUS));
        let task = *table::borrow(&store.tasks, key);
        let from_status = task.status;
        let start = from_status == TASK_PENDING && new_status == TASK_IN_PROGRESS;
        let finish = from_status == TASK_IN_PROGRESS && (new_status == TASK_COMPLETED || new_status == TASK_FAILED);
        let cancel = (from_status == TASK_PENDING || from_status == TASK_IN_PROGRESS) && new_status == TASK_CANCELED;
        assert!(start || finish || cancel, error::invalid_state(EINVALID_TRANSITION));
        let is_owner = caller_addr == workflow_owner;
        let allowed = if (cancel) {
            is_owner || (from_status == TASK_PENDING && caller_addr == task.requester)
        } else {
            is_owner || caller_addr == task.assignee
        };
        assert!(allowed, error::permission_denied(ENOT_AUTHORIZED));
        if (start) {
            let n = vector::length(&task.dependencies);
            let i = 0;
            while (i < n) {
                let dependency = *vector::borrow(&task.dependencies, i);
                let status = table::borrow(&store.tasks, TaskKey { workflow_id, task_id: dependency }).status;
                assert!(
                    status == TASK_COMPLETED || status == TASK_APPROVED,
                    error::invalid_state(EDEPENDENCIES_NOT_DONE)
                );
                i = i + 1;
            };
        };

        let now = timestamp::now_seconds();
        let stored = table::borrow_mut(&mut store.tasks, key);
        stored.status = new_status;
        stored.updated_at = now;
        event::emit(TaskStatusChanged {
            workflow_id,
            task_id,
            from_status,
            to_status: new_status,
            changed_by: caller_addr,
        });
        if (new_status == TASK_COMPLETED) {
            count_done(store, workflow_id, now);
        };
        if (new_status != TASK_IN_PROGRESS && !string::is_empty(&task.process_id)) {
            payment::record_outcome_from_workflow(
                task.process_id,
                task_id,
                task.requester,
                caller_addr,
                new_status == TASK_COMPLETED
            );
        };
    }

    /// The owner cancels the workflow and, as if one by one, every PENDING or IN_PROGRESS task.
    public entry fun cancel_workflow(owner: &signer, workflow_id: String) acquires WorkflowStore {
        let owner_addr = signer::address_of(owner);
        let store = borrow_global_mut<WorkflowStore>(@agent_platform);
        assert!(table::contains(&store.workflows, workflow_id), error::not_found(EWORKFLOW_NOT_FOUND));
        let wf = *table::borrow(&store.workflows, workflow_id);
        assert!(wf.owner == owner_addr, error::permission_denied(ENOT_WORKFLOW_OWNER));
        assert!(wf.status == WORKFLOW_ACTIVE, error::invalid_state(EWORKFLOW_NOT_ACTIVE));
        let now = timestamp::now_seconds();
        let i = 0;
        while (i < wf.task_count) {
            let task_id = *table::borrow(&store.task_index, TaskSlot { workflow_id, index: i });
            let task = table::borrow_mut(&mut store.tasks, TaskKey { workflow_id, task_id });
            let from_status = task.status;
            if (from_status == TASK_PENDING || from_status == TASK_IN_PROGRESS) {
                task.status = TASK_CANCELED;
                task.updated_at = now;
                let process_id = task.process_id;
                let requester = task.requester;
                event::emit(TaskStatusChanged {
                    workflow_id,
                    task_id,
                    from_status,
                    to_status: TASK_CANCELED,
                    changed_by: owner_addr,
                });
                if (!string::is_empty(&process_id)) {
                    payment::record_outcome_from_workflow(process_id, task_id, requester, owner_addr, false);
                };
            };
            i = i + 1;
        };
        let stored = table::borrow_mut(&mut store.workflows, workflow_id);
        stored.status = WORKFLOW_CANCELED;
        stored.updated_at = now;
        event::emit(WorkflowCanceled { workflow_id, canceled_by: owner_addr });
    }

    /// Approval of a COMPLETED task that has no payment in escrow.
    public entry fun approve_task(requester: &signer, workflow_id: String, task_id: String) acquires WorkflowStore {
        let requester_addr = signer::address_of(requester);
        let store = borrow_global_mut<WorkflowStore>(@agent_platform);
        let key = assert_approvable(store, workflow_id, task_id, requester_addr);
        let process_id = table::borrow(&store.tasks, key).process_id;
        if (!string::is_empty(&process_id)) {
            assert!(
                !payment::verify_payment(process_id, task_id, requester_addr),
                error::invalid_state(EPAYMENT_PENDING)
            );
        };
        set_approved(store, key);
        event::emit(TaskApproved { workflow_id, task_id, requester: requester_addr, payment_released: false });
    }

    /// Approval of a COMPLETED task and release of the requester's escrow payment for it, in one
    /// transaction.
    public entry fun approve_task_and_release_payment(
        requester: &signer,
        workflow_id: String,
        task_id: String,
    ) acquires WorkflowStore {
        let requester_addr = signer::address_of(requester);
        let store = borrow_global_mut<WorkflowStore>(@agent_platform);
        let key = assert_approvable(store, workflow_id, task_id, requester_addr);
        let process_id = table::borrow(&store.tasks, key).process_id;
        assert!(
            payment::payment_exists(process_id, task_id, requester_addr),
            error::not_found(EPAYMENT_NOT_FOUND)
        );
        assert!(
            payment::verify_payment(process_id, task_id, requester_addr),
            error::invalid_state(ENOT_IN_ESCROW)
        );
        set_approved(store, key);
        payment::release_from_workflow(process_id, task_id, requester_addr);
        event::emit(TaskApproved { workflow_id, task_id, requester: requester_addr, payment_released: true });
    }

    // ---------------------------------------------------------------------------------------
    // Views

    #[view]
    public fun workflow_exists(id: String): bool acquires WorkflowStore {
        table::contains(&borrow_global<WorkflowStore>(@agent_platform).workflows, id)
    }

    #[view]
    public fun get_workflow(id: String): Workflow acquires WorkflowStore {
        let store = borrow_global<WorkflowStore>(@agent_platform);
        assert!(table::contains(&store.workflows, id), error::not_found(EWORKFLOW_NOT_FOUND));
        *table::borrow(&store.workflows, id)
    }

    #[view]
    public fun get_task(workflow_id: String, task_id: String): Task acquires WorkflowStore {
        let store = borrow_global<WorkflowStore>(@agent_platform);
        assert!(table::contains(&store.workflows, workflow_id), error::not_found(EWORKFLOW_NOT_FOUND));
        let key = TaskKey { workflow_id, task_id };
        assert!(table::contains(&store.tasks, key), error::not_found(ETASK_NOT_FOUND));
        *table::borrow(&store.tasks, key)
    }

    #[view]
    /// The workflow's tasks in the order they were added (at most 64).
    public fun list_tasks(workflow_id: String): vector<Task> acquires WorkflowStore {
        let store = borrow_global<WorkflowStore>(@agent_platform);
        assert!(table::contains(&store.workflows, workflow_id), error::not_found(EWORKFLOW_NOT_FOUND));
        let count = table::borrow(&store.workflows, workflow_id).task_count;
        let result = vector::empty<Task>();
        let i = 0;
        while (i < count) {
            let task_id = *table::borrow(&store.task_index, TaskSlot { workflow_id, index: i });
            vector::push_back(&mut result, *table::borrow(&store.tasks, TaskKey { workflow_id, task_id }));
            i = i + 1;
        };
        result
    }

    // ---------------------------------------------------------------------------------------
    // Internals

    fun validate_text(name: &String, description: &String) {
        let name_len = string::length(name);
        assert!(name_len >= 1 && name_len <= MAX_NAME_BYTES, error::invalid_argument(EINVALID_NAME));
        assert!(
            string::length(description) <= MAX_DESCRIPTION_BYTES,
            error::invalid_argument(EDESCRIPTION_TOO_LONG)
        );
    }

    /// Checks shared by both approvals; returns the task's key.
    fun assert_approvable(
        store: &WorkflowStore,
        workflow_id: String,
        task_id: String,
        requester_addr: address,
    ): TaskKey {
        assert!(table::contains(&store.workflows, workflow_id), error::not_found(EWORKFLOW_NOT_FOUND));
        let key = TaskKey { workflow_id, task_id };
        assert!(table::contains(&store.tasks, key), error::not_found(ETASK_NOT_FOUND));
        let task = table::borrow(&store.tasks, key);
        assert!(task.requester == requester_addr, error::permission_denied(ENOT_REQUESTER));
        assert!(task.status == TASK_COMPLETED, error::invalid_state(ETASK_NOT_COMPLETED));
        key
    }

    fun set_approved(store: &mut WorkflowStore, key: TaskKey) {
        let task = table::borrow_mut(&mut store.tasks, key);
        task.status = TASK_APPROVED;
        task.updated_at = timestamp::now_seconds();
    }

    /// One more task of the workflow is COMPLETED; the workflow completes with its last task.
    fun count_done(store: &mut WorkflowStore, workflow_id: String, now: u64) {
        let done = *table::borrow(&store.done_counts, workflow_id) + 1;
        *table::borrow_mut(&mut store.done_counts, workflow_id) = done;
        let wf = table::borrow_mut(&mut store.workflows, workflow_id);
        if (done == wf.task_count && wf.status == WORKFLOW_ACTIVE) {
            wf.status = WORKFLOW_COMPLETED;
            wf.updated_at = now;
            event::emit(WorkflowCompleted { workflow_id });
        };
    }
}
