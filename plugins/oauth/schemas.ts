import { t } from 'elysia';

export const oauthModels = {
  OAuthGrant: t.Object({
    grant_id: t.String({ format: 'uuid' }),
    user_id: t.String({ format: 'uuid', description: 'The person who consented; the client acts with their current role, narrowed to the scopes' }),
    client_id: t.String({ description: 'The client: the URL of its metadata document, or the id this server issued at registration' }),
    client_name: t.String(),
    scopes: t.Array(t.String(), { description: 'What the person let the client do (API-key scopes)' }),
    resource: t.String({ description: 'Where its tokens act: this server\'s URL (the REST API) or its /mcp URL (the MCP server)' }),
    created_at: t.String({ format: 'date-time' }),
    last_used_at: t.Union([t.String({ format: 'date-time' }), t.Null()], { description: 'To the minute' }),
  }, { description: 'A person\'s consent for an OAuth client (an agent) to act on this company' }),
};
