import { messages } from '../../app/messages';
import styles from './home-screen.module.css';

const copy = messages.home;

export function HomeScreen() {
  return (
    <section className={styles.card} aria-labelledby="home-heading">
      <title>{copy.title}</title>
      <p className={styles.eyebrow}>{copy.eyebrow}</p>
      <h1 id="home-heading" className={styles.heading}>
        {copy.heading}
      </h1>
      <p className={styles.lead}>{copy.lead}</p>
    </section>
  );
}
