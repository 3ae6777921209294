import { Carousel } from '@shortlist/web-kit';
import { flowMessages } from '../flow-messages';
import styles from './auth-layout.module.css';
import { AuthSlideArt, type AuthSlideId } from './auth-slide-art';

/** SPEC §9: login, register and forgot share a six-slide carousel advancing every 3000 ms. */
const AUTH_CAROUSEL_INTERVAL = 3000;

const { label, slides } = flowMessages.authSlides;

export function AuthCarousel() {
  return (
    <Carousel
      className={styles.carousel}
      label={label}
      items={slides}
      getKey={(slide) => slide.id}
      interval={AUTH_CAROUSEL_INTERVAL}
      renderItem={(slide) => (
        <figure className={styles.slide}>
          <AuthSlideArt id={slide.id satisfies AuthSlideId} />
          <figcaption>
            <strong className={styles.slideTitle}>{slide.title}</strong>
            <span className={styles.slideText}>{slide.text}</span>
          </figcaption>
        </figure>
      )}
    />
  );
}
