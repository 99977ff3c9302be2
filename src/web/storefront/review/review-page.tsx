// /review?t=… (issue 27 #6): the page a tracking email's 'Write a review' opens. It shows the piece
// and asks a rating, a title, the review, a name (the order's first name to start with) and how the
// piece fits. The review waits for the owner before it is shown. Its own chunk (routes.tsx); the
// link's piece is read in the browser (a signed link is personal: no page is cached for it).
import { useMutation, useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ALREADY_REVIEWED,
  FIT_LABELS,
  REVIEW_FITS,
  REVIEW_LINK_INVALID,
  REVIEW_MESSAGES as M,
  REVIEW_NAME_MAX,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  type ReviewFit,
} from '../../../domain/review-fit.js';
import { ApiError } from '../../api/http-api.js';
import { PageMeta } from '../../page-meta.js';
import { Button, ButtonLink } from '../../ui/button.js';
import { FormField } from '../../ui/form-field.js';
import { PageHeading } from '../../ui/page-heading.js';
import { ShopPicture } from '../catalog/shop-picture.js';
import { reviewApi } from './review-api.js';
import { StarRatingInput } from './star-rating-input.js';
import '../pages/pages.css';
import '../pages/lookup-form.css';
import './review-page.css';

type Draft = { rating: number; title: string; text: string; name: string; fit: ReviewFit | null };
type Errors = Partial<Record<'rating' | 'title' | 'text' | 'name', string>>;

/** The form's own checks, in the server's words (the server checks again). */
function check(d: Draft): Errors {
  const errors: Errors = {};
  if (d.rating < 1 || d.rating > 5) errors.rating = M.rating;
  if (!d.title.trim()) errors.title = M.title;
  else if (d.title.trim().length > REVIEW_TITLE_MAX) errors.title = M.titleTooLong;
  if (!d.text.trim()) errors.text = M.text;
  else if (d.text.trim().length > REVIEW_TEXT_MAX) errors.text = M.textTooLong;
  if (!d.name.trim()) errors.name = M.name;
  else if (d.name.trim().length > REVIEW_NAME_MAX) errors.name = M.nameTooLong;
  return errors;
}

const messageOf = (err: unknown) =>
  err instanceof ApiError && err.status < 500 ? err.message : 'Your review could not be sent. Please try again.';

export default function ReviewPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('t') ?? '';
  const link = useQuery({
    queryKey: ['reviewLink', token],
    queryFn: () => reviewApi.link(token),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

  let body: React.ReactNode;
  if (token === '') body = <Notice message={REVIEW_LINK_INVALID} />;
  else if (link.isError) body = <Notice message={messageOf(link.error)} used={isUsed(link.error)} />;
  else if (!link.data)
    body = (
      <div className="lookup-loading" role="status">
        <span className="visually-hidden">Opening your review</span>
      </div>
    );
  else body = <ReviewForm token={token} piece={link.data} />;

  return (
    <div className="content-page review-page">
      <PageMeta title="Write a review" path="/review" />
      <meta name="robots" content="noindex" />
      {body}
    </div>
  );
}

const isUsed = (err: unknown) => err instanceof ApiError && err.message === ALREADY_REVIEWED;

function Notice({ message, used = false }: { message: string; used?: boolean }) {
  return (
    <>
      <PageHeading eyebrow="Reviews" title={used ? 'Thank you' : 'Write a review'} />
      <p className="lookup-message" role="alert">
        {message}
      </p>
      <p className="review-page__aside">
        {used
          ? 'Each piece of an order can be reviewed once.'
          : 'Please use the link in your shipping email, or write to us if it does not open.'}
      </p>
      <div className="lookup-dialog__actions">
        <ButtonLink to="/collections" variant="secondary">
          Continue shopping
        </ButtonLink>
      </div>
    </>
  );
}

type Piece = Awaited<ReturnType<typeof reviewApi.link>>;

function ReviewForm({ token, piece }: { token: string; piece: Piece }) {
  const [draft, setDraft] = useState<Draft>({ rating: 0, title: '', text: '', name: piece.name, fit: null });
  const [errors, setErrors] = useState<Errors>({});
  const textId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const send = useMutation({
    mutationFn: () =>
      reviewApi.submit({
        token,
        rating: draft.rating,
        title: draft.title,
        text: draft.text,
        name: draft.name,
        fit: draft.fit,
      }),
  });

  // Once sent, the thanks take the focus (the form they replace had it).
  useEffect(() => {
    if (send.isSuccess) headingRef.current?.focus();
  }, [send.isSuccess]);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key in errors) setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const found = check(draft);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      // The first field to put right takes the focus (its message is tied to it).
      const first = (['rating', 'title', 'text', 'name'] as const).find((k) => found[k]);
      const form = event.currentTarget as HTMLFormElement;
      const target = first === 'rating' ? 'input[type=radio]' : `[name="${first}"]`;
      form.querySelector<HTMLElement>(target)?.focus();
      return;
    }
    send.mutate();
  };

  const pieceView = (
    <div className="review-page__piece">
      {piece.item.picture && (
        <ShopPicture
          picture={piece.item.picture}
          alt={piece.item.title}
          width={240}
          height={360}
          sizes="(min-width: 900px) 240px, 120px"
          className="review-page__picture"
        />
      )}
      <div>
        <p className="review-page__piece-title">
          <Link to={`/product/${piece.item.url}`}>{piece.item.title}</Link>
        </p>
        <p className="review-page__piece-meta">
          Colour: {piece.item.color} · Size: {piece.item.size}
        </p>
        <p className="review-page__piece-meta">Order #{piece.orderId}</p>
      </div>
    </div>
  );

  if (send.isSuccess)
    return (
      <div className="review-page__thanks">
        <p className="eyebrow">Reviews</p>
        <h1 className="page-heading__title" ref={headingRef} tabIndex={-1}>
          Thank you for your review
        </h1>
        <p className="review-page__aside">
          It will appear on the product page once we have read it, usually within a day or two.
        </p>
        {pieceView}
        <div className="lookup-dialog__actions">
          <ButtonLink to={`/product/${piece.item.url}`} variant="secondary">
            Back to {piece.item.title}
          </ButtonLink>
        </div>
      </div>
    );

  return (
    <>
      <PageHeading eyebrow="Reviews" title="Write a review">
        <p>Tell other shoppers what you think of it, and how it fits.</p>
      </PageHeading>
      <div className="review-page__layout">
        {pieceView}
        <form className="review-form" onSubmit={submit} noValidate aria-label="Your review">
          <StarRatingInput value={draft.rating} onChange={(n) => set('rating', n)} error={errors.rating} />
          <fieldset className="review-form__fit">
            <legend className="field__label">How does it fit?</legend>
            <div className="review-form__fit-options">
              {REVIEW_FITS.map((fit) => (
                <label key={fit} className="review-form__fit-option">
                  <input
                    type="radio"
                    name="fit"
                    value={fit}
                    checked={draft.fit === fit}
                    onChange={() => set('fit', fit)}
                  />
                  <span>{FIT_LABELS[fit]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <FormField
            label="Title"
            name="title"
            value={draft.title}
            maxLength={REVIEW_TITLE_MAX}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
            placeholder="In a few words"
          />
          <div className={`field${errors.text ? ' field--invalid' : ''}`}>
            <label htmlFor={textId} className="field__label">
              Your review
            </label>
            <textarea
              id={textId}
              name="text"
              className="field__input review-form__text"
              rows={6}
              maxLength={REVIEW_TEXT_MAX}
              value={draft.text}
              onChange={(e) => set('text', e.target.value)}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? `${textId}-message` : undefined}
            />
            {errors.text && (
              <p id={`${textId}-message`} className="field__error">
                {errors.text}
              </p>
            )}
          </div>
          <FormField
            label="Your name"
            name="name"
            autoComplete="given-name"
            value={draft.name}
            maxLength={REVIEW_NAME_MAX}
            onChange={(e) => set('name', e.target.value)}
            error={errors.name}
            hint="Shown with your review."
          />
          {send.isError && (
            <p className="review-form__error" role="alert">
              {messageOf(send.error)}
            </p>
          )}
          <Button type="submit" block disabled={send.isPending} aria-busy={send.isPending || undefined}>
            {send.isPending ? 'Sending…' : 'Send review'}
          </Button>
        </form>
      </div>
    </>
  );
}
