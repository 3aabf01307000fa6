/** Demo staff seeded on an empty database when DEMO_DATA is on (README documents the credentials). */

export interface DemoPerson {
  nombres: string;
  apellido_paterno: string;
  apellido_materno: string;
  username: string;
  email: string;
  /** estados.id_estado (INEGI key) of the person's region. */
  id_estado: number;
}

export interface DemoVisitor extends DemoPerson {
  /** Index (0-based) into DEMO_SUPERVISORS. */
  supervisor: number;
}

export const DEMO_SUPERVISORS: readonly DemoPerson[] = [
  {
    nombres: 'Rocío',
    apellido_paterno: 'Garza',
    apellido_materno: 'Treviño',
    username: 'rocio.garza',
    email: 'supervisor1@socioeconomico.mx',
    id_estado: 19,
  },
  {
    nombres: 'Alejandro',
    apellido_paterno: 'Mendoza',
    apellido_materno: 'Ríos',
    username: 'alejandro.mendoza',
    email: 'supervisor2@socioeconomico.mx',
    id_estado: 9,
  },
  {
    nombres: 'Claudia',
    apellido_paterno: 'Navarro',
    apellido_materno: 'Orozco',
    username: 'claudia.navarro',
    email: 'supervisor3@socioeconomico.mx',
    id_estado: 14,
  },
];

const visitor = (
  n: number,
  nombres: string,
  apellido_paterno: string,
  apellido_materno: string,
  id_estado: number,
  supervisor: number,
): DemoVisitor => ({
  nombres,
  apellido_paterno,
  apellido_materno,
  username: `${nombres.split(' ')[0]}.${apellido_paterno}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase(),
  email: `visitador${n}@socioeconomico.mx`,
  id_estado,
  supervisor,
});

/** 20 visitors over 10 states; supervisor 1 covers the north, 2 the centre and south-east, 3 the west and Bajío. */
export const DEMO_VISITORS: readonly DemoVisitor[] = [
  visitor(1, 'María Fernanda', 'Hernández', 'Salinas', 19, 0),
  visitor(2, 'José Luis', 'Cantú', 'Villarreal', 19, 0),
  visitor(3, 'Ana Karen', 'Leal', 'Guerra', 19, 0),
  visitor(4, 'Jorge', 'Elizondo', 'Zambrano', 19, 0),
  visitor(5, 'Daniela', 'Ramos', 'Aguirre', 5, 0),
  visitor(6, 'Héctor', 'Chávez', 'Domínguez', 8, 0),
  visitor(7, 'Guadalupe', 'Martínez', 'Soto', 9, 1),
  visitor(8, 'Ricardo', 'Sánchez', 'Morales', 9, 1),
  visitor(9, 'Fernanda', 'Castillo', 'Vega', 9, 1),
  visitor(10, 'Miguel Ángel', 'Pérez', 'Luna', 15, 1),
  visitor(11, 'Karla', 'Jiménez', 'Rosales', 15, 1),
  visitor(12, 'Luis Enrique', 'Flores', 'Cruz', 21, 1),
  visitor(13, 'Itzel', 'Romero', 'Bautista', 21, 1),
  visitor(14, 'Jimena', 'Canul', 'Pech', 31, 1),
  visitor(15, 'Carlos', 'Gutiérrez', 'Íñiguez', 14, 2),
  visitor(16, 'Sofía', 'Ramírez', 'Partida', 14, 2),
  visitor(17, 'Diego', 'Torres', 'Padilla', 14, 2),
  visitor(18, 'Valeria', 'López', 'Arriaga', 11, 2),
  visitor(19, 'Eduardo', 'Vázquez', 'Olvera', 11, 2),
  visitor(20, 'Paola', 'Reyes', 'Ugalde', 22, 2),
];
