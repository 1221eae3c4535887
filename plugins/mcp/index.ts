import { definePlugin } from '../../kernel/plugin';
import { mcpRoutes } from './routes';

/**
 * The MCP server for agents: tools generated from every installed route and its permission,
 * resources for read-mostly data, all executed through the API itself. Depends on no plugin: it
 * reads the routes from the OpenAPI document once they are mounted.
 */
export default definePlugin({
  name: 'mcp',
  rootRoutes: mcpRoutes,
});
