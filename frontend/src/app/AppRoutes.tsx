import { Route, Switch } from 'wouter';
import { notFoundRoute, siteRoutes } from './routes';

export function AppRoutes() {
  return (
    <Switch>
      {siteRoutes.map(({ path, Component }) => (
        <Route key={path} path={path ?? undefined} component={Component} />
      ))}
      <Route component={notFoundRoute.Component} />
    </Switch>
  );
}
