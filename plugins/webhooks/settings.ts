import { Type } from '@sinclair/typebox';
import { defineSettings } from '../../kernel/settings';

export const webhookSettings = defineSettings({
  WEBHOOKS_ALLOW_PRIVATE: Type.Boolean({ default: false, description: 'Allow plain HTTP and private, loopback and link-local targets (development and tests only)' }),
  WEBHOOKS_TIMEOUT_MS: Type.Integer({ default: 10_000, minimum: 100, maximum: 30_000, description: 'How long one delivery may take' }),
  WEBHOOKS_FIRST_RETRY_SECONDS: Type.Integer({ default: 15, minimum: 1, maximum: 30, description: 'Wait before the first retry; each later one waits twice as long (at most 2 hours)' }),
  WEBHOOKS_RETRY_HOURS: Type.Integer({ default: 24, minimum: 1, maximum: 168, description: 'How long a failing delivery is retried' }),
  WEBHOOKS_DISABLE_AFTER_HOURS: Type.Integer({ default: 72, minimum: 1, description: 'An endpoint failing every delivery for this long is disabled and its owner emailed' }),
  WEBHOOKS_CLAIM_LEASE_SECONDS: Type.Integer({ default: 120, minimum: 1, maximum: 3600, description: 'How long a delivery claimed by one instance is its own before another instance may take it over (that one was stopped or killed); never less than twice WEBHOOKS_TIMEOUT_MS' }),
  WEBHOOKS_POLL_MS: Type.Integer({ default: 5_000, minimum: 100, description: 'How often due retries are looked for' }),
});
