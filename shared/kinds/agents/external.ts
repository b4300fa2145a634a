import { z } from 'zod';
import { setting } from './settings';

/** The settings of the agents that attach from outside (http, mcp): where their run's server listens and how long an episode waits. */
export const attachSettings = (): z.ZodObject<{ port: ReturnType<typeof setting.number>; attach_timeout_ms: ReturnType<typeof setting.number> }> => z.object({
  port: setting.number({ label: 'Port', min: 0, max: 65535, integer: true, default: '0', placeholder: '0 (any free port)', help: 'Loopback port of the server your agent attaches to' }),
  attach_timeout_ms: setting.number({ label: 'Wait to attach (ms)', min: 1, max: 86_400_000, integer: true, default: '300000', help: 'How long each episode waits for your agent' }),
});
