import { Badge, Button, Card, Group, Stack, Title } from '@mantine/core';
import { IconBuildingHospital, IconCalendar, IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { formatCalendarDate } from '@bolsa/domain';
import type { VacancyCardFieldsFragment } from '../../gql/graphql';
import { CardMeta } from '../../components/CardMeta';
import { JobImage } from '../../components/JobImage';

interface VacancyCardProps {
  vacancy: VacancyCardFieldsFragment;
  onApply: (vacancy: VacancyCardFieldsFragment) => void;
  onDetails: (vacancy: VacancyCardFieldsFragment) => void;
  /**
   * The carousel shows every card twice so it can loop; the second copy is hidden from assistive
   * technology and from the tab order so that nobody hears or tabs through the list twice.
   */
  duplicate?: boolean;
}

export function VacancyCard({ vacancy, onApply, onDetails, duplicate = false }: VacancyCardProps) {
  const tabIndex = duplicate ? -1 : undefined;
  const published = formatCalendarDate(vacancy.publishedAt);
  const titleId = duplicate ? undefined : `vacante-${vacancy.id}`;
  return (
    <Card
      withBorder
      shadow="sm"
      padding="md"
      radius="md"
      h="100%"
      aria-hidden={duplicate || undefined}
      component="article"
      aria-labelledby={titleId}
    >
      <Card.Section pos="relative">
        <JobImage src={vacancy.imageUrl} alt="" />
        {vacancy.featured && (
          <Badge
            pos="absolute"
            top={10}
            left={10}
            color="yellow.3"
            c="dark.9"
            leftSection={<IconStarFilled size={12} aria-hidden />}
          >
            Plaza Destacada
          </Badge>
        )}
      </Card.Section>
      <Stack gap={6} mt="md" style={{ flex: 1 }}>
        <Title order={3} fz="lg" lh={1.3} id={titleId} lineClamp={2}>
          {vacancy.name}
        </Title>
        {vacancy.branch && (
          <CardMeta icon={<IconBuildingHospital size={16} aria-hidden />}>{vacancy.branch.name}</CardMeta>
        )}
        {vacancy.place && <CardMeta icon={<IconMapPin size={16} aria-hidden />}>{vacancy.place}</CardMeta>}
        {published && <CardMeta icon={<IconCalendar size={16} aria-hidden />}>Publicada el {published}</CardMeta>}
      </Stack>
      {/* Side by side when both labels fit; on a narrow phone card each takes its own line
          instead of cutting 'Aplicar Ahora' short. */}
      <Group gap="xs" mt="md" wrap="wrap">
        <Button flex="1 1 auto" px={10} tabIndex={tabIndex} aria-describedby={titleId} onClick={() => onApply(vacancy)}>
          Aplicar Ahora
        </Button>
        <Button
          flex="1 1 auto"
          px={10}
          tabIndex={tabIndex}
          aria-describedby={titleId}
          variant="light"
          onClick={() => onDetails(vacancy)}
        >
          Ver Detalles
        </Button>
      </Group>
    </Card>
  );
}
