import { Button, Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconEye, IconHeartHandshake, IconTarget, type Icon } from '@tabler/icons-react';
import { useId } from 'react';

interface Info {
  title: string;
  icon: Icon;
  summary: string;
  more: string[];
}

const INFO: Info[] = [
  {
    title: '¿Quiénes somos?',
    icon: IconHeartHandshake,
    summary:
      'Somos una organización guatemalteca sin fines de lucro dedicada a la salud sexual y reproductiva y a la planificación familiar.',
    more: [
      'Desde nuestras clínicas, unidades móviles y programas comunitarios atendemos cada año a miles de mujeres, hombres, jóvenes y familias en los 22 departamentos del país, con servicios médicos, de laboratorio y de orientación.',
      'Nuestro equipo reúne a profesionales de la salud, personal administrativo y promotores comunitarios que comparten una misma convicción: que cada familia pueda decidir sobre su salud con información y acceso a servicios de calidad.',
    ],
  },
  {
    title: 'Misión',
    icon: IconTarget,
    summary:
      'Contribuir al bienestar de las familias guatemaltecas con servicios de salud y planificación familiar de calidad, accesibles y con calidez humana.',
    more: [
      'Ponemos especial atención en las comunidades rurales y en las personas con menos acceso a servicios de salud, respetando su cultura, su idioma y sus decisiones.',
      'Trabajamos con ética, confidencialidad y evidencia científica, y buscamos la sostenibilidad para que nuestros servicios lleguen cada vez a más personas.',
    ],
  },
  {
    title: 'Visión',
    icon: IconEye,
    summary:
      'Ser la organización de referencia en salud sexual y reproductiva de Guatemala, reconocida por la calidad y la dignidad con que atiende a cada persona.',
    more: [
      'Queremos un país en el que todas las personas puedan ejercer su derecho a la salud y a planificar su familia de forma libre e informada.',
      'Para lograrlo, apostamos por el talento de nuestro equipo: personas comprometidas que crecen con nosotros y hacen la diferencia en cada comunidad.',
    ],
  },
];

export function InfoCards() {
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      {INFO.map((info) => (
        <InfoCard key={info.title} info={info} />
      ))}
    </SimpleGrid>
  );
}

function InfoCard({ info }: { info: Info }) {
  const [expanded, { toggle }] = useDisclosure(false);
  const panelId = useId();
  const CardIcon = info.icon;
  return (
    <Card withBorder radius="md" padding="lg" shadow="xs">
      <ThemeIcon size={44} radius="md" variant="light" mb="sm" aria-hidden>
        <CardIcon size={26} />
      </ThemeIcon>
      <Title order={2} fz="h3" mb={6}>
        {info.title}
      </Title>
      <Text>{info.summary}</Text>
      {/* A plain hidden panel rather than Mantine's animated Collapse: the home page's first visit
          carries no animation code for three paragraphs (docs/decisions/2026-11-26-home-page-javascript-floor.md). */}
      <div id={panelId} hidden={!expanded}>
        {info.more.map((p) => (
          <Text key={p} mt="sm">
            {p}
          </Text>
        ))}
      </div>
      <Button
        variant="subtle"
        px={0}
        mt="sm"
        style={{ alignSelf: 'flex-start' }}
        aria-expanded={expanded}
        aria-controls={panelId}
        rightSection={
          <IconChevronDown
            size={16}
            aria-hidden
            style={{ transform: expanded ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }}
          />
        }
        onClick={toggle}
      >
        {expanded ? 'Leer menos' : 'Leer más'}
      </Button>
    </Card>
  );
}
