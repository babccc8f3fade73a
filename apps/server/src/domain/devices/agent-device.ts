/** The device a device-facing API call is made by (plugins/agent-auth.ts). */
export type AgentDevice = { id: number; accountId: number; kind: 'machine' | 'mobile' };
