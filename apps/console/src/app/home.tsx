import { Navigate } from 'react-router';
import { useMe } from '../api/session';
import { allows, SECTIONS } from './sections';

/** `/`: the first section the user's roles allow. */
export function Home() {
  const { data } = useMe();
  const first = SECTIONS.find((s) => data && allows(s, data.roles));
  return <Navigate to={first ? `/${first.path}` : '/settings'} replace />;
}
