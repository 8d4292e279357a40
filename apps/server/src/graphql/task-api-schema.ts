/**
 * SDL of the task API at /graphql (docs/product.md §7). Field names and shapes mirror the REST entities in
 * packages/contracts (Task, ProcessListItem, ProcessDetail) so the portal renders either transport unchanged.
 * Times are integer seconds carried as Float: GraphQL's Int is 32-bit and would overflow in 2038.
 */
export const taskApiTypeDefs = /* GraphQL */ `
  "Arbitrary JSON (the form data of a process)."
  scalar JSON

  type Named {
    id: String!
    name: String!
  }

  type Owner {
    id: String!
    name: String!
    account: String!
  }

  type Action {
    id: String!
    name: String!
  }

  type AppRef {
    id: String!
    name: String!
    code: String!
    department: String!
  }

  "The system an item belongs to; empty id and name for our own (built-in) items."
  type SystemRef {
    id: String!
    name: String!
  }

  "A system whose registered client acted for a person (docs/integration.md)."
  type ActingSystem {
    id: String!
    name: String!
  }

  "The process a to-do task belongs to."
  type TaskProcess {
    id: String!
    name: String!
    uri: String!
    tags: String!
    entry: String!
    owner: Owner!
    app: AppRef!
    system: SystemRef!
  }

  type Task {
    id: String!
    name: String!
    assignTime: Float!
    uri: String!
    actionName: String!
    actions: [Action!]!
    process: TaskProcess!
    "Set when the task is in my list because its assignee delegated it to me."
    entruster: Named
  }

  type TaskList {
    total: Int!
    list: [Task!]!
  }

  "A row of the doing and done lists."
  type ProcessListItem {
    id: String!
    name: String!
    uri: String!
    entry: String!
    status: String!
    create: Float!
    update: Float!
    pendingTasks: [Action!]!
    app: AppRef!
    system: SystemRef!
    owner: Owner!
  }

  type ProcessPage {
    total: Int!
    list: [ProcessListItem!]!
  }

  type ProcessApp {
    id: String!
    name: String!
    code: String!
    department: String!
  }

  type ProcessTask {
    id: String!
    name: String!
    status: String!
    assignee: Named
    assignTime: Float!
    actionUser: Named
    "The assignee on whose behalf a delegate acted."
    onBehalfOf: Named
    actionTime: Float
    actionName: String!
    remark: String!
    "The system whose client handled the task for the assignee (actionUser)."
    viaSystem: ActingSystem
    "Whom a task closed by a transfer (转办) went to."
    handedTo: Named
  }

  type CcEntry {
    user: Named!
    read: Boolean!
    create: Float!
  }

  type MyTask {
    id: String!
    actions: [Action!]!
    "Earlier steps the task may be returned to (退回), nearest first; resubmit = the applicant. Empty when not allowed."
    returnTo: [Action!]!
  }

  "A 催办 (urge) of the process."
  type UrgeEntry {
    user: Named!
    time: Float!
  }

  "A node of the flow diagram: start, a step or end; status done, current, upcoming or skipped; and who."
  type DiagramNode {
    id: String!
    kind: String!
    name: String!
    status: String!
    users: [Named!]!
  }

  "A process detail (REST GET /api/process/{id})."
  type Process {
    id: String!
    name: String!
    uri: String!
    entry: String!
    status: String!
    create: Float!
    update: Float!
    priority: Int!
    tags: String!
    rating: Int
    review: String!
    pendingTasks: [Action!]!
    app: ProcessApp!
    system: SystemRef!
    owner: Owner!
    data: JSON!
    tasks: [ProcessTask!]!
    cc: [CcEntry!]!
    "Actions the caller may take on their open task of this process, if any."
    myTask: MyTask
    canRate: Boolean!
    canWithdraw: Boolean!
    "The applicant may urge the current assignees now (once an hour)."
    canUrge: Boolean!
    urges: [UrgeEntry!]!
    "Where the process is: start, each step, end."
    diagram: [DiagramNode!]!
    "How person and department fields of data read: the name by field key (data keeps the account or id)."
    dataNames: JSON!
    "The system whose client started the process for its owner, if one did."
    startedVia: ActingSystem
  }

  type Query {
    """
    The to-do list (cate "todo"), tasks delegated to me included. userId views a delegator's list (docs/product.md §11).
    Without size the whole list is returned, up to 1000 rows; total is always the full count.
    """
    tasks(cate: String!, userId: String, page: Int, size: Int, keyword: String): TaskList

    "A process by id, or by serial number (entry) optionally within an external system; null when not visible."
    process(id: String, entry: String, system: String): Process

    """
    The doing (cate "doing") or done (cate "done") list. page is the start offset, size the page length (1–100,
    default 10); sep narrows to processes I started; timestamps ("from,to" in seconds) filters done by finish time.
    """
    processes(
      cate: String!
      userId: String
      page: Int
      size: Int
      keyword: String
      sep: Boolean
      timestamps: String
    ): ProcessPage
  }
`;
