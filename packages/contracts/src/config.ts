/** Runtime configuration the server publishes at BASE_PATH/config.json; one SPA build serves any deployment. */
export interface RuntimeConfig {
  basePath: string;
  /** Base URL of the workflow REST API, e.g. "/api". */
  apiBase: string;
  /** Base of the task-centre API (manage/…). */
  taskCentreBase: string;
  /** GraphQL task API; when set, to-do/doing/done are read through it. */
  taskApi: string | null;
  guideBus: string;
  eventsUrl: string;
  oidc: {
    authority: string;
    clientId: string;
    responseType: 'code' | 'id_token token';
    scope: string;
  };
  publicMode: boolean;
  version: string;
}
