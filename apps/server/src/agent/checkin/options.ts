/** What app.ts passes every device-API module (agent/index.ts; each reads what it needs). */
export type AgentModuleOptions = {
  /** The check-in queue's bound (default agent/checkin/batch.ts CHECKIN_QUEUE_MAX); tests lower it. */
  checkinQueueMax?: number | undefined;
};
