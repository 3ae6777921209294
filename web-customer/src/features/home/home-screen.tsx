import { messages } from '../../shared/messages';
import { CtaCard } from './cta-card';
import { HeadlineTicker } from './headline-ticker';
import { Hero } from './hero';
import styles from './home-screen.module.css';
import { ServiceDialogHost, ServiceDialogProvider } from './service-dialog';
import { ServicesSection } from './services-section';
import { SignInNotice } from './sign-in-notice';
import { StatsBand } from './stats-band';
import { TemplatesSection } from './templates-section';

/** SPEC §2 Home, at / and /home. */
export function HomeScreen() {
  return (
    <ServiceDialogProvider>
      <div className={styles.page}>
        <title>{messages.home.title}</title>
        <div className={styles.opening}>
          <SignInNotice />
          <Hero />
          <StatsBand />
          <HeadlineTicker />
        </div>
        <ServicesSection />
        <TemplatesSection />
        <CtaCard />
      </div>
      <ServiceDialogHost />
    </ServiceDialogProvider>
  );
}
