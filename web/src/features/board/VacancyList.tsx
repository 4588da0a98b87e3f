import {
  Box,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconBriefcaseOff, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { lazy, Suspense, useDeferredValue, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { EMPTY_BOARD, OUTAGE_MESSAGES } from '@bolsa/domain';
import type { VacancyCardFieldsFragment, VacancyFilter } from '../../gql/graphql';
import { usePhoneDialog } from '../../components/dialog-layer';
import { useAnyDialogOpen } from '../../lib/dialog-activity';
import { isOutage } from '../../lib/errors';
import { PAGINATION_LABELS } from '../../lib/pagination';
import { GuestBanner } from './GuestBanner';
import type { DetailState } from './detail-state';
import { useApply } from './apply';
import { BOARD_VACANCIES } from './operations';
import { VacancyCard } from './VacancyCard';

// The carousel (Embla and its plugin) is its own chunk; its download starts with the board's
// query, so it is ready when the vacancies arrive without weighing on first paint.
let carouselModule: Promise<typeof import('./VacancyCarousel')> | undefined;
const loadCarousel = () => (carouselModule ??= import('./VacancyCarousel'));
const VacancyCarousel = lazy(async () => ({ default: (await loadCarousel()).VacancyCarousel }));

export const DEFAULT_PAGE_SIZE = 6;
/** With no filter the carousel shows every open vacancy; the board rarely has more than this. */
export const CAROUSEL_PAGE_SIZE = 50;
export const CAROUSEL_MIN_ITEMS = 4;

export interface VacancyListProps {
  branchId?: string | null;
  vacancyId?: string | null;
  /** 0 public board, 1 staff quick-access grid (spec 2; not built yet, so both render the public board). */
  admin?: 0 | 1;
  keyword?: string;
  /** The owner resets it to 1 when its own filters change; the list does so for 'Solo Destacadas'. */
  page: number;
  pageSize?: number;
  onPageChange: (page: number) => void;
  /** A dialog of the page's own address is open above the board (/vacantes/3/postular). */
  underDialog?: boolean;
}

export function VacancyList({
  branchId = null,
  vacancyId = null,
  keyword = '',
  page,
  pageSize = DEFAULT_PAGE_SIZE,
  onPageChange,
  underDialog = false,
}: VacancyListProps) {
  const navigate = useNavigate();
  const apply = useApply();
  const [featuredOnly, setFeaturedOnly] = useState(false);

  const search = keyword.trim();
  const filter: VacancyFilter = {
    ...(branchId ? { branchId } : {}),
    ...(vacancyId ? { vacancyId } : {}),
    ...(search ? { search } : {}),
    ...(featuredOnly ? { featuredOnly: true } : {}),
  };
  const filtered = Object.keys(filter).length > 0;
  const variables = filtered ? { filter, page, pageSize } : { filter, page: 1, pageSize: CAROUSEL_PAGE_SIZE };

  const behindDialog = useBehindPhoneDialog(underDialog);
  const wanted = useBoardWanted(behindDialog);
  if (wanted) void loadCarousel();
  const { data, previousData, loading, error, refetch } = useQuery(BOARD_VACANCIES, { variables, skip: !wanted });
  // While the next page or filter loads, keep the current cards on screen instead of flashing skeletons.
  const current = (data ?? previousData)?.vacancies;
  // Apollo hands new data to React as an urgent update, which renders in one go; the cards (up to
  // 50 in the carousel) render from a deferred copy instead, in slices that leave a slow phone
  // responsive (Lighthouse's Total Blocking Time). Until that copy catches up the skeletons stay.
  const board = useDeferredValue(current);
  const settling = board !== current;

  const location = useLocation();
  const openDetails = (v: VacancyCardFieldsFragment) =>
    navigate(`/vacantes/${encodeURIComponent(v.id)}`, { state: { background: location } satisfies DetailState });
  const toggleFeatured = (checked: boolean) => {
    setFeaturedOnly(checked);
    onPageChange(1);
  };

  // Nothing to show yet: skeletons in the list and in the featured switch's place.
  const firstLoad = !board && (loading || settling || !wanted);
  const items = board?.items ?? [];
  const carousel = !filtered && items.length >= CAROUSEL_MIN_ITEMS;
  const carouselShown = useCarouselShown(carousel, behindDialog);
  const totalPages = filtered && board ? Math.max(1, Math.ceil(board.totalCount / pageSize)) : 1;

  return (
    <Box component="section" aria-labelledby="oportunidades-titulo" aria-busy={loading || settling || !wanted}>
      <GuestBanner />
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <Title order={2} id="oportunidades-titulo">
          Oportunidades Laborales
        </Title>
        {firstLoad ? (
          // The switch's room while the board loads: on a phone it wraps below the title, and
          // arriving later it pushed the list down (a layout shift).
          <Skeleton h={24} w={218} radius="xl" aria-hidden />
        ) : (
          board &&
          board.featuredCount > 0 && (
            <Switch
              checked={featuredOnly}
              onChange={(e) => toggleFeatured(e.currentTarget.checked)}
              label={`Solo Destacadas (${board.featuredCount})`}
              size="md"
            />
          )
        )}
      </Group>

      {filtered && board && !error && (
        <Text size="sm" c="dimmed" mb="sm" role="status">
          {/* The cards on screen may still be the last answer's (kept, dimmed, while the next loads):
              their count is not the new search's. */}
          {board !== data?.vacancies
            ? 'Buscando vacantes…'
            : board.totalCount === 1
              ? '1 vacante encontrada'
              : `${board.totalCount} vacantes encontradas`}
        </Text>
      )}

      {firstLoad ? (
        <LoadingCards />
      ) : error && !data && isOutage(error) ? (
        // Not 'no vacancies': the board could not be asked (it comes back by itself, lib/outage),
        // also when a search or a page was asked for over the cards already on screen.
        <BoardOutage onRetry={() => void refetch()} />
      ) : items.length === 0 || (error && !data) ? (
        <EmptyBoard onRetry={error ? () => void refetch() : undefined} />
      ) : carousel ? (
        carouselShown ? (
          <Suspense fallback={<LoadingCards />}>
            <VacancyCarousel vacancies={items} onApply={apply} onDetails={openDetails} />
          </Suspense>
        ) : (
          <LoadingCards />
        )
      ) : (
        <Stack gap="lg" style={{ opacity: loading || settling ? 0.6 : 1, transition: 'opacity 150ms' }}>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {items.map((v) => (
              <VacancyCard key={v.id} vacancy={v} onApply={apply} onDetails={openDetails} />
            ))}
          </SimpleGrid>
          {totalPages > 1 && (
            <Group justify="center" component="nav" aria-label="Páginas de vacantes">
              <Pagination
                total={totalPages}
                value={Math.min(page, totalPages)}
                onChange={onPageChange}
                {...PAGINATION_LABELS}
              />
            </Group>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * Whether a dialog of the board fills the screen above it: on a phone, one of the page's own
 * address (`underDialog`, from the first render) or any tracked dialog (lib/dialog-activity).
 */
function useBehindPhoneDialog(underDialog: boolean): boolean {
  const phone = usePhoneDialog();
  const anyDialog = useAnyDialogOpen();
  return phone && (underDialog || anyDialog);
}

/**
 * Whether the board asks for its vacancies yet. A page opened on a dialog that fills the screen (a
 * shared /vacantes/3/postular on a phone) asks only once it has closed, and shows the skeletons
 * meanwhile, as the prerendered copy does. Fetching 50 vacancies, writing them to the cache and
 * loading the carousel's chunk were a slow phone's work behind a form that nobody could see past
 * (issue 22). Once asked, it stays asked.
 */
function useBoardWanted(behindDialog: boolean): boolean {
  const [wanted, setWanted] = useState(!behindDialog);
  if (!wanted && !behindDialog) setWanted(true);
  return wanted;
}

/**
 * Whether the carousel is shown. A carousel not shown yet waits behind a dialog that fills the
 * screen until it closes. Opened from a link (/vacantes/3/postular), the application form and the
 * carousel's first layout (Embla measures every slide) arrived together and were the slow phone's
 * longest tasks (issue 22); nobody could see the carousel meanwhile. Once shown it stays, dialogs
 * or not, so it keeps its place. It then appears in a deferred render, which a tap can interrupt.
 */
function useCarouselShown(wanted: boolean, behindDialog: boolean): boolean {
  const [shown, setShown] = useState(false);
  if (wanted && !shown && !behindDialog) setShown(true);
  return useDeferredValue(wanted && (shown || !behindDialog));
}

function EmptyBoard({ onRetry }: { onRetry: (() => void) | undefined }) {
  return (
    <Card withBorder radius="md" py="xl">
      <EmptyState icon={<IconBriefcaseOff size={28} aria-hidden />} title={EMPTY_BOARD}>
        {onRetry && (
          <Button variant="subtle" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
            Reintentar
          </Button>
        )}
      </EmptyState>
    </Card>
  );
}

function BoardOutage({ onRetry }: { onRetry: () => void }) {
  return (
    <Card withBorder radius="md" py="xl">
      <EmptyState icon={<IconPlugConnectedX size={28} aria-hidden />} title={OUTAGE_MESSAGES.title}>
        <Text size="sm">{OUTAGE_MESSAGES.message}</Text>
        <Button variant="subtle" size="xs" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          {OUTAGE_MESSAGES.retryNow}
        </Button>
      </EmptyState>
    </Card>
  );
}

function LoadingCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      <VisuallyHidden>Cargando vacantes…</VisuallyHidden>
      {[0, 1, 2].map((i) => (
        <Card key={i} withBorder radius="md" padding="md">
          <Card.Section>
            <Skeleton h={180} radius={0} />
          </Card.Section>
          <Skeleton h={20} mt="md" w="80%" />
          <Skeleton h={14} mt="sm" w="50%" />
          <Skeleton h={14} mt="xs" w="60%" />
          <Group grow mt="md">
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
