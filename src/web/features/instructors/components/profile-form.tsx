import { ExternalLink } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { BIO_MAX, HEADLINE_MAX, type Instructor } from '#shared/schemas/instructors';
import { Button } from '#web/components/ui/button';
import { Input } from '#web/components/ui/input';
import { UploadButton } from '#web/components/upload-button';
import { toast } from '#web/hooks/use-toast';
import { apiErrorText, apiFieldErrors } from '#web/lib/form';
import { t } from '#web/lib/i18n/t';
import { paths } from '#web/lib/paths';
import { useInstructor, useUpdateProfile } from '../api/instructor';
import { InstructorAvatar } from './instructor-profile';

const TEXTAREA =
  'min-h-28 w-full rounded-lg border border-input bg-background px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/30 focus-visible:outline-none aria-invalid:border-destructive md:text-sm';

/** The creator's own instructor page, edited from the dashboard (issue 23 §3). */
export function ProfileForm({ userId }: { userId: string }) {
  const instructor = useInstructor(userId);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="grid gap-4 rounded-2xl border bg-card p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-xl font-semibold">
          {t('instructors.yourPage')}
        </h2>
        <Button asChild variant="outline" size="sm">
          <Link to={paths.instructor.getHref(userId)}>
            <ExternalLink aria-hidden="true" /> {t('instructors.viewYourPage')}
          </Link>
        </Button>
      </div>
      {instructor.isPending ? (
        <p className="text-sm text-muted-foreground">{t('instructors.loadingYourPage')}</p>
      ) : instructor.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
          {apiErrorText(instructor.error, t('instructors.pageLoadError'))}
          <Button variant="outline" size="sm" onClick={() => instructor.refetch()}>
            {t('instructors.tryAgain')}
          </Button>
        </div>
      ) : (
        <ProfileFields instructor={instructor.data} />
      )}
    </section>
  );
}

function ProfileFields({ instructor }: { instructor: Instructor }) {
  const [headline, setHeadline] = useState(instructor.headline ?? '');
  const [bio, setBio] = useState(instructor.bio ?? '');
  const [avatar, setAvatar] = useState(instructor.avatar);
  const [isUploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateProfile(instructor.id);
  const headlineId = useId();
  const bioId = useId();
  useEffect(() => setAvatar(instructor.avatar), [instructor.avatar]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    update.mutate(
      { headline, bio, avatar },
      {
        onSuccess: () => toast({ title: t('instructors.pageSaved') }),
        onError: (failure) => {
          const fields = apiFieldErrors(failure);
          setErrors(Object.keys(fields).length > 0 ? fields : { form: apiErrorText(failure, t('instructors.pageSaveError')) });
        },
      },
    );
  };

  return (
    <form onSubmit={submit} className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <InstructorAvatar instructor={{ name: instructor.name, avatar }} className="size-16" />
        <UploadButton
          accept="image"
          variant="outline"
          size="sm"
          onBusyChange={setUploading}
          onComplete={({ uploadURL }) => setAvatar(uploadURL)}
        >
          {avatar ? t('instructors.changePhoto') : t('instructors.addPhoto')}
        </UploadButton>
        {avatar ? (
          <Button type="button" variant="ghost" size="sm" onClick={() => setAvatar(null)}>
            {t('instructors.removePhoto')}
          </Button>
        ) : null}
      </div>
      <div className="grid gap-2">
        <label htmlFor={headlineId} className="text-sm font-medium">
          {t('instructors.headline')}
        </label>
        <Input
          id={headlineId}
          value={headline}
          maxLength={HEADLINE_MAX}
          placeholder={t('instructors.headlinePlaceholder')}
          aria-invalid={errors.headline ? true : undefined}
          onChange={(event) => setHeadline(event.target.value)}
        />
        {errors.headline ? <p className="text-sm font-medium text-destructive">{errors.headline}</p> : null}
      </div>
      <div className="grid gap-2">
        <label htmlFor={bioId} className="text-sm font-medium">
          {t('instructors.aboutYou')}
        </label>
        <textarea
          id={bioId}
          value={bio}
          maxLength={BIO_MAX}
          className={TEXTAREA}
          aria-invalid={errors.bio ? true : undefined}
          placeholder={t('instructors.bioPlaceholder')}
          onChange={(event) => setBio(event.target.value)}
        />
        <p className="text-end text-xs text-muted-foreground">
          {bio.length} / {BIO_MAX}
        </p>
        {errors.bio ? <p className="text-sm font-medium text-destructive">{errors.bio}</p> : null}
      </div>
      {errors.form || errors.avatar ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errors.form ?? errors.avatar}
        </p>
      ) : null}
      <Button type="submit" className="justify-self-start" disabled={update.isPending || isUploading}>
        {t('instructors.savePage')}
      </Button>
    </form>
  );
}
