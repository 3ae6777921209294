// The kit's only public surface. Styles are imported by path:
// '@shortlist/web-kit/tokens.css' then '@shortlist/web-kit/base.css'.
export { Button, type ButtonProps } from './button/button';
export type { ButtonSize, ButtonVariant } from './button/button-class-name';
export { LinkButton, type LinkButtonProps } from './button/link-button';
export { Logo, type LogoProps } from './logo/logo';
export { LogoMark } from './logo/logo-mark';
