import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { Avatar, initialsOf } from './avatar';

const photo = `data:image/svg+xml;utf8,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="80" height="80"><rect width="80" height="80" fill="#1a449b"/><circle cx="40" cy="30" r="14" fill="#dbe6fe"/><rect x="16" y="50" width="48" height="30" rx="15" fill="#dbe6fe"/></svg>',
)}`;

const meta = {
  title: 'UI/Avatar',
  component: Avatar,
  args: { name: 'María López García' },
} satisfies Meta<typeof Avatar>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    const avatar = canvas.getByRole('img', { name: 'María López García' });
    await expect(avatar).toHaveTextContent('ML');
  },
};

export const Playground: Story = { args: { size: 'md', src: photo } };

export const WithImage: Story = {
  args: { src: photo },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByRole('img', { name: 'María López García' })).toBeVisible();
    await waitFor(() => expect(canvasElement.querySelector('img')).not.toBeNull());
    await expect(canvas.queryByText('ML')).toBeNull();
  },
};

export const BrokenImageFallsBack: Story = {
  args: { src: '/fixtures/no-existe.png', name: 'José Pérez' },
  play: async ({ canvas }) => {
    await waitFor(() => expect(canvas.getByText('JP')).toBeVisible());
    await expect(canvas.getByRole('img', { name: 'José Pérez' })).toBeVisible();
  },
};

export const Sizes: Story = {
  render: (args) => (
    <div className="flex items-center gap-3">
      <Avatar {...args} size="sm" />
      <Avatar {...args} size="md" />
      <Avatar {...args} size="lg" />
    </div>
  ),
};

export const SingleName: Story = {
  args: { name: 'Usuario' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('img', { name: 'Usuario' })).toHaveTextContent('U');
  },
};

export const WithoutName: Story = {
  args: { name: undefined },
  play: async ({ canvasElement }) => {
    const avatar = canvasElement.querySelector('[data-slot="avatar"]');
    await expect(avatar).toHaveAttribute('aria-hidden', 'true');
    await expect(avatar?.querySelector('svg')).not.toBeNull();
    await expect(initialsOf('  ana   maría ')).toBe('AM');
  },
};

export const DecorativeBesideName: Story = {
  args: { decorative: true },
  render: (args) => (
    <div className="flex items-center gap-2">
      <Avatar {...args} size="sm" />
      <span className="text-sm">María López García</span>
    </div>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.queryByRole('img')).toBeNull();
  },
};
