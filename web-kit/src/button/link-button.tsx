import { Link, type LinkProps } from 'react-router-dom';
import { type ButtonLook, buttonClassName } from './button-class-name';

export interface LinkButtonProps extends LinkProps, ButtonLook {}

/** Navigation that looks like a button: still a real link, so it opens in a new tab and is announced as a link. */
export function LinkButton({ variant, size, className, ...rest }: LinkButtonProps) {
  return <Link className={buttonClassName({ variant, size, className })} {...rest} />;
}
