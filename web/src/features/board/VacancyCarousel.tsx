import { ActionIcon, Box, Group, Text } from '@mantine/core';
import { Carousel } from '@mantine/carousel';
import { useMediaQuery, useReducedMotion } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight, IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import type { EmblaCarouselType } from 'embla-carousel';
import AutoScroll from 'embla-carousel-auto-scroll';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { VacancyCardFieldsFragment } from '../../gql/graphql';
import { useAnyDialogOpen } from '../../lib/dialog-activity';
import { VacancyCard } from './VacancyCard';
import classes from './board.module.css';

/** Card width of spec 1 §9 plus the gap that Mantine counts inside each slide. */
export const CARD_WIDTH = 336;
const GAP = 16;
const SLIDE = CARD_WIDTH + GAP;
const LOOP_SECONDS = 60;
/** Embla advances its animation in fixed steps of 1/60 s; AutoScroll's speed is pixels per step. */
const STEPS_PER_SECOND = 60;
export const RESUME_AFTER_DIALOG_MS = 5000;

/** Speed that makes the whole list of cards pass by once in about a minute (spec 1 §9). */
export function autoScrollSpeed(cardCount: number): number {
  return (cardCount * SLIDE) / (LOOP_SECONDS * STEPS_PER_SECOND);
}

interface VacancyCarouselProps {
  vacancies: VacancyCardFieldsFragment[];
  onApply: (v: VacancyCardFieldsFragment) => void;
  onDetails: (v: VacancyCardFieldsFragment) => void;
}

/** Below Mantine's `xs` breakpoint (576 px). */
export const PHONE_QUERY = '(max-width: 35.99em)';

const FIRST_RENDER = { getInitialValueInEffect: false };

/**
 * Mantine's carousel announces 'Slide N of M' in English in a live region of its own, and with
 * the auto-scroll it would speak all the time: it is kept from assistive technology (the slides
 * say 'Vacante N de M' instead). React does not touch these attributes again: it did not set them.
 */
function quietEnglishStatus(root: HTMLDivElement | null): void {
  const status = root?.querySelector(':scope > [role="status"]');
  status?.setAttribute('aria-hidden', 'true');
  status?.setAttribute('aria-live', 'off');
}

export function VacancyCarousel({ vacancies, onApply, onDetails }: VacancyCarouselProps) {
  // Read at the first render (no server markup to match): a phone never renders the desktop
  // carousel first only to lay it out again a moment later.
  const reducedMotion = useReducedMotion(undefined, FIRST_RENDER);
  // On a phone one card fills the width: a moving ticker would always show it cut in two, so
  // there the carousel stands still and snaps whole cards into the centre.
  const phone = useMediaQuery(PHONE_QUERY, undefined, FIRST_RENDER);
  const dialogOpen = useAnyDialogOpen();
  const [userPaused, setUserPaused] = useState(false);
  const embla = useRef<EmblaCarouselType | null>(null);

  const speed = autoScrollSpeed(vacancies.length);
  const plugins = useMemo(
    () => [
      AutoScroll({
        speed,
        startDelay: 1000,
        playOnInit: false,
        stopOnMouseEnter: true,
        // Resume by itself after a drag, hover or focus ends instead of stopping for good.
        stopOnInteraction: false,
        stopOnFocusIn: true,
      }),
    ],
    [speed],
  );
  const autoScroll = plugins[0]!;

  const shouldPlay = !reducedMotion && !phone && !userPaused && !dialogOpen;
  // Embla's event handlers outlive renders: they read the current plugin and wish from refs.
  const live = useRef({ autoScroll, shouldPlay });
  const wasDialogOpen = useRef(dialogOpen);
  useEffect(() => {
    live.current = { autoScroll, shouldPlay };
    const afterDialog = wasDialogOpen.current && !dialogOpen;
    wasDialogOpen.current = dialogOpen;
    // Before Embla has initialised the plugin, calls are ignored; onEmbla starts it then.
    if (!embla.current) return;
    if (shouldPlay) autoScroll.play(afterDialog ? RESUME_AFTER_DIALOG_MS : 1000);
    else autoScroll.stop();
  }, [shouldPlay, dialogOpen, autoScroll]);

  const onEmbla = (api: EmblaCarouselType) => {
    if (embla.current === api) return;
    embla.current = api;
    // The plugin restarts itself after hover, focus or a drag; it must stay still while a dialog
    // is open or the visitor has paused it. It emits 'play' before arming its timer, so stop after.
    api.on('autoScroll:play', () => {
      queueMicrotask(() => {
        if (!live.current.shouldPlay) live.current.autoScroll.stop();
      });
    });
    // Re-initialisation (new list or new speed) leaves the plugin stopped.
    api.on('reInit', () => {
      if (live.current.shouldPlay) live.current.autoScroll.play(1000);
    });
    if (live.current.shouldPlay) live.current.autoScroll.play(1000);
  };

  // The auto-scrolling loop needs more cards than fit on a wide screen: there the list is shown
  // twice (spec 1 §2.4). A phone shows one card at a time and does not auto-scroll; Embla's loop
  // needs no copies there, and a cheap phone lays out half the cards.
  const copies = phone ? [0] : [0, 1];
  const slides = copies.flatMap((copy) => vacancies.map((v) => ({ v, copy })));
  const pauseLabel = userPaused ? 'Reanudar desplazamiento automático' : 'Pausar desplazamiento automático';

  return (
    <Box>
      {!reducedMotion && !phone && (
        <Group justify="flex-end" mb="xs" gap={6}>
          <Text size="xs" c="dimmed" visibleFrom="sm">
            {userPaused ? 'Desplazamiento en pausa' : 'Pasa el cursor sobre una vacante para detenerlas'}
          </Text>
          <ActionIcon
            variant="light"
            size="lg"
            onClick={() => setUserPaused((p) => !p)}
            aria-label={pauseLabel}
            title={pauseLabel}
          >
            {userPaused ? <IconPlayerPlay size={18} aria-hidden /> : <IconPlayerPause size={18} aria-hidden />}
          </ActionIcon>
        </Group>
      )}
      <Carousel
        ref={quietEnglishStatus}
        className={classes.carousel}
        classNames={{ slide: classes.slide }}
        aria-label="Vacantes disponibles"
        aria-roledescription="carrusel"
        slideSize={{ base: '86%', xs: SLIDE }}
        slideGap={GAP}
        controlSize={40}
        controlsOffset={4}
        // Centre the arrows on the card images rather than on the titles.
        styles={{ controls: { top: 64 } }}
        emblaOptions={
          phone ? { loop: true, align: 'center', dragFree: false } : { loop: true, align: 'start', dragFree: true }
        }
        plugins={plugins}
        getEmblaApi={onEmbla}
        previousControlIcon={<IconChevronLeft size={22} aria-hidden />}
        nextControlIcon={<IconChevronRight size={22} aria-hidden />}
        previousControlProps={{ 'aria-label': 'Vacantes anteriores', onClick: () => autoScroll.reset() }}
        nextControlProps={{ 'aria-label': 'Vacantes siguientes', onClick: () => autoScroll.reset() }}
      >
        {slides.map(({ v, copy }, i) => (
          <Carousel.Slide
            key={`${v.id}-${copy}`}
            // Mantine's defaults are English ('Carousel slide'); the loop's copies are not read twice.
            aria-roledescription="diapositiva"
            aria-label={`Vacante ${(i % vacancies.length) + 1} de ${vacancies.length}`}
            aria-hidden={copy === 1 || undefined}
          >
            <VacancyCard vacancy={v} onApply={onApply} onDetails={onDetails} duplicate={copy === 1} />
          </Carousel.Slide>
        ))}
      </Carousel>
    </Box>
  );
}
