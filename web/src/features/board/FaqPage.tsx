import { Accordion, Anchor, Box, Container, List, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { joinOr, MAX_FILE_MB, TRACKER_STEPS, UPLOAD_RULES } from '@bolsa/domain';
import { pageTitle, SITE } from '../../lib/site';
import { useDocumentTitle } from '../../lib/document-title';

interface Faq {
  id: string;
  question: string;
  answer: ReactNode;
}

const STEP_HELP: Record<(typeof TRACKER_STEPS)[number], string> = {
  Postulado: 'recibimos tu postulación y la revisará el equipo de Gestión del Talento Humano (GTH).',
  'En seguimiento': 'tu perfil cumple con lo que buscamos y está siendo evaluado.',
  'Pre-pruebas': 'te asignamos pruebas; recibirás las instrucciones por correo electrónico.',
  'Post-pruebas': 'estamos revisando los resultados de tus pruebas.',
  Entrevista: 'te contactaremos para acordar la fecha y la modalidad de tu entrevista.',
  Inducción: 'etapa previa a la contratación, en la que conocerás la organización y tu puesto.',
};

const FAQS: Faq[] = [
  {
    id: 'postular',
    question: '¿Cómo me postulo a una vacante?',
    answer: (
      <>
        <Text>
          Busca la vacante que te interesa en la página de{' '}
          <Anchor component={Link} to="/vacantes">
            vacantes
          </Anchor>
          , revisa sus detalles y presiona «Aplicar Ahora». Puedes postularte de dos formas:
        </Text>
        <List mt="xs" spacing={4}>
          <List.Item>
            <strong>Con una cuenta:</strong> regístrate una sola vez, completa tu perfil y tus datos, experiencias,
            referencias y documentos se llenarán solos en cada postulación. Además podrás ver en qué etapa está cada
            una.
          </List.Item>
          <List.Item>
            <strong>Como invitado:</strong> sin crear una cuenta, llenando el formulario con tus datos básicos y
            adjuntando tu CV.
          </List.Item>
        </List>
      </>
    ),
  },
  {
    id: 'documentos',
    question: '¿Qué documentos necesito?',
    answer: (
      <>
        <Text>Ten a mano estos archivos antes de empezar:</Text>
        <List mt="xs" spacing={4}>
          <List.Item>Currículum vitae (CV) en PDF.</List.Item>
          <List.Item>Tu DPI escaneado por ambos lados, en PDF.</List.Item>
          <List.Item>Antecedentes policiales y antecedentes penales vigentes, en PDF.</List.Item>
          <List.Item>
            Una fotografía reciente tipo documento, en {joinOr(UPLOAD_RULES['candidate-photo'].formats)}.
          </List.Item>
        </List>
        <Text mt="xs">
          Cada archivo puede pesar como máximo {MAX_FILE_MB} MB. Si tu documento es más grande, prueba a escanearlo en
          blanco y negro o con menor resolución.
        </Text>
      </>
    ),
  },
  {
    id: 'seguimiento',
    question: '¿Cómo sé en qué etapa está mi postulación?',
    answer: (
      <>
        <Text>
          Si te postulaste con una cuenta, entra a «Mi Perfil» y abre la pestaña «Mis Postulaciones». Cada postulación
          avanza por seis etapas:
        </Text>
        <List type="ordered" mt="xs" spacing={4}>
          {TRACKER_STEPS.map((step) => (
            <List.Item key={step}>
              <strong>{step}:</strong> {STEP_HELP[step]}
            </List.Item>
          ))}
        </List>
        <Text mt="xs">Cuando tu postulación cambie de etapa también te avisaremos por correo electrónico.</Text>
      </>
    ),
  },
  {
    id: 'tiempo',
    question: '¿Cuánto tiempo tarda el proceso de selección?',
    answer: (
      <Text>
        Depende de la vacante y del número de personas que se postulan. Por lo general, la revisión inicial toma de una
        a dos semanas desde el cierre de la convocatoria, y el proceso completo (pruebas y entrevistas) entre tres y
        seis semanas. Si tu perfil avanza, GTH se comunicará contigo por teléfono o correo electrónico.
      </Text>
    ),
  },
  {
    id: 'actualizar',
    question: '¿Cómo actualizo mis datos o mis documentos?',
    answer: (
      <Text>
        Inicia sesión, entra a «Mi Perfil» y presiona «Editar». Ahí puedes cambiar tus datos personales, tu fotografía,
        tus experiencias laborales, tus referencias y tus documentos. Los cambios se usarán en tus siguientes
        postulaciones. Si te postulaste como invitado, crea una cuenta con el mismo correo y DPI para vincular tus
        postulaciones anteriores.
      </Text>
    ),
  },
  {
    id: 'varias',
    question: '¿Puedo postularme a más de una vacante?',
    answer: (
      <Text>
        Sí. Puedes postularte a todas las vacantes que se ajusten a tu perfil, pero solo una vez a cada una. Si ya te
        postulaste a una vacante, el sistema te lo indicará.
      </Text>
    ),
  },
  {
    id: 'privacidad',
    question: '¿Qué pasa con mis datos y documentos personales?',
    answer: (
      <Text>
        Tus datos y documentos se usan únicamente para el proceso de selección. Solo el personal autorizado de Gestión
        del Talento Humano puede verlos; no se publican ni se comparten con terceros. Tus documentos se guardan de forma
        privada y nunca son accesibles mediante un enlace público.
      </Text>
    ),
  },
  {
    id: 'contacto',
    question: '¿A dónde puedo llamar si tengo dudas?',
    answer: (
      <Text>
        Llámanos al <Anchor href={`tel:${SITE.contactNumber}`}>{SITE.contactNumber}</Anchor> en horario de oficina. Te
        ayudaremos con cualquier duda sobre las vacantes o sobre tu postulación.
      </Text>
    ),
  },
];

export function FaqPage() {
  useDocumentTitle(pageTitle('Preguntas frecuentes'));
  return (
    <Container size="md" py="xl">
      <Box mb="lg">
        <Title order={1} c="brand.9">
          Preguntas frecuentes
        </Title>
        <Text mt="xs" size="lg">
          Todo lo que necesitas saber para postularte y dar seguimiento a tu proceso.
        </Text>
      </Box>
      <Accordion variant="separated" radius="md" defaultValue="postular" order={2}>
        {FAQS.map((faq) => (
          <Accordion.Item key={faq.id} value={faq.id}>
            <Accordion.Control>
              <Text component="span" fw={600}>
                {faq.question}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>{faq.answer}</Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
