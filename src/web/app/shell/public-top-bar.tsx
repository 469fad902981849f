import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button';
import { TopBarFrame, Wordmark } from './top-bar-frame';

/** The top bar of the signed-out pages: 'Log in' and 'Sign up'. */
export function PublicTopBar() {
  return (
    <TopBarFrame>
      <Wordmark to="/login" />
      <div className="ml-auto flex items-center gap-2">
        <Link to="/login" className={buttonClass('ghost')}>
          Log in
        </Link>
        <Link to="/signup" className={buttonClass('primary')}>
          Sign up
        </Link>
      </div>
    </TopBarFrame>
  );
}
