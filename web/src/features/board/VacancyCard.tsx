import { Badge, Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconBuildingHospital, IconCalendar, IconMapPin, IconStarFilled } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatDate } from '@bolsa/domain';
import type { VacancyCardFieldsFragment } from '../../gql/graphql';
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
  const published = formatDate(vacancy.publishedAt);
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
        {vacancy.branch && <Meta icon={<IconBuildingHospital size={16} aria-hidden />}>{vacancy.branch.name}</Meta>}
        {vacancy.place && <Meta icon={<IconMapPin size={16} aria-hidden />}>{vacancy.place}</Meta>}
        {published && <Meta icon={<IconCalendar size={16} aria-hidden />}>Publicada el {published}</Meta>}
      </Stack>
      <Group grow gap="xs" mt="md" wrap="nowrap">
        <Button px={10} tabIndex={tabIndex} aria-describedby={titleId} onClick={() => onApply(vacancy)}>
          Aplicar Ahora
        </Button>
        <Button
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

function Meta({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Box c="brand.8" mt={2} style={{ flexShrink: 0, display: 'flex' }}>
        {icon}
      </Box>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </Group>
  );
}
