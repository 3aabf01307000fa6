import type { Meta, StoryObj } from '@storybook/react-vite';
import { KeyRound, LogOut } from 'lucide-react';
import { expect, fn, screen, userEvent, waitFor } from 'storybook/test';
import { UserMenu } from './user-menu';

const onChangePassword = fn();
const onLogout = fn();

const meta = {
  title: 'UI/UserMenu',
  component: UserMenu,
  args: {
    name: 'Ana López',
    caption: 'Administrador',
    items: [
      { key: 'password', label: 'Cambiar contraseña', icon: <KeyRound />, onSelect: onChangePassword },
      {
        key: 'logout',
        label: 'Cerrar sesión',
        icon: <LogOut />,
        onSelect: onLogout,
        destructive: true,
        separated: true,
      },
    ],
  },
  beforeEach: () => {
    onChangePassword.mockClear();
    onLogout.mockClear();
  },
  decorators: [
    (Story) => (
      <div className="flex justify-end pb-40">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof UserMenu>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Ana López' });
    await expect(trigger).toHaveAttribute('aria-haspopup', 'menu');
    await userEvent.click(trigger);
    const menu = await screen.findByRole('menu');
    await expect(menu).toBeVisible();
    await userEvent.click(screen.getByRole('menuitem', { name: 'Cambiar contraseña' }));
    await expect(onChangePassword).toHaveBeenCalledOnce();
    await expect(onLogout).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  },
};

export const Playground: Story = {};

export const KeyboardLogout: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Ana López' });
    trigger.focus();
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('menu');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Cerrar sesión' })).toHaveFocus());
    await userEvent.keyboard('{Enter}');
    await expect(onLogout).toHaveBeenCalledOnce();
    await expect(onChangePassword).not.toHaveBeenCalled();
    await waitFor(() => expect(trigger).toHaveFocus());
  },
};

export const Open: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Ana López' }));
    await expect(await screen.findByRole('menu')).toHaveTextContent('Administrador');
    await expect(screen.getAllByRole('menuitem')).toHaveLength(2);
  },
};

export const LongName: Story = {
  args: { name: 'María Guadalupe Fernández de la Garza', caption: undefined, compact: true },
};
