declare module 'virtual:api-routes' {
  import type { ApiRoutes } from '../../shared/routes';
  import type { RouteTable } from '../../shared/routes/route-table';

  const table: RouteTable<ApiRoutes>;
  export default table;
}
