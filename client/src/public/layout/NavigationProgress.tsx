import { useNavigation, useRevalidator } from 'react-router';
import ui from '../ui/ui.module.css';
import classes from './layout.module.css';

/**
 * The spinner of spec §2, only while a client-side navigation (or a country switch) waits for data, and only after a
 * short delay (CSS, `.progressVisible`): most navigations finish sooner, and a flash of spinner is noise. The first
 * page arrives rendered by the server, so there is never a spinner before content.
 */
export function NavigationProgress() {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const loading = navigation.state !== 'idle' || revalidator.state === 'loading';
  return (
    <div role="status" className={classes.progress}>
      {loading ? (
        <span className={classes.progressVisible}>
          <span className={ui.spinner} aria-hidden />
          <span className={ui.visuallyHidden}>Loading…</span>
        </span>
      ) : null}
    </div>
  );
}
